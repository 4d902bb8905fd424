/* src/host/mpi_abort.c - MPI_Abort, defined by lawtester and exported from its executable
 * (src/host/exports.list, linked with --dynamic-list): a hosted law's engine (LAMMPS's Error::one,
 * LIGGGHTS's alike) aborts through MPI_Abort, which the dynamic linker then binds to this
 * definition rather than Open MPI's, whose abort prints a banner of many lines and ends the
 * process without the exit hooks.  Here the engine's stop becomes its one line and exit status 2
 * (hosted.h, lt_hosted_stopped); an abort outside an engine command ends the process with the
 * errorcode, as MPI_Abort would.  lawtester links no MPI: nothing else calls it. */
#include "host/hosted.h"
#include <stdio.h>
#include <unistd.h>

int MPI_Abort(void *comm, int errorcode);

int MPI_Abort(void *comm, int errorcode)
{
    (void)comm;
    lt_hosted_stopped(); /* an engine command was running: its line, _exit(2) */
    fprintf(stderr, "lawtester: MPI_Abort(%d) outside an engine command\n", errorcode);
    fflush(NULL);
    _exit(errorcode ? errorcode : 1);
}
