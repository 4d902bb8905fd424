/* src/law.h - the interface between lawtester and a contact law (public, versioned).
 *
 * A law is one C file under laws/ that defines one `const lt_law` descriptor.  It sees only the
 * local contact description below and its own per-contact state; it never sees bodies, stages,
 * files or Lua.  This header includes nothing of the project, so a law written elsewhere can be
 * compiled against it alone (LT_LAW_API_VERSION guards the layout).
 *
 * Units: SI throughout (m, s, kg, N, N m, J, Pa, rad).
 * Frame: contact-local, x = unit normal pointing from particle A to particle B, y and z the
 *   tangential axes; the frame co-rotates with the pair, so a law may keep history (e.g. the
 *   tangential force) as local components from step to step.
 * Degrees of freedom (DoF), in this order everywhere: 0 normal, 1 shear y, 2 shear z,
 *   3 twist (about x), 4 bending about y, 5 bending about z.
 * Signs (Woo's): uN = distance minus the sum of the branch lengths, negative when the particles
 *   overlap; v = velocity of B relative to A at the contact point (so v[0] < 0 approaches);
 *   the force and torque a law returns act on particle A, so a compressive normal force is
 *   negative (it pushes A away from B); B receives the opposite.
 */
#ifndef LT_LAW_H
#define LT_LAW_H

/* 1: the first interface.  2: lt_law gains the optional `yield` (the law's yield surface), after
 * every field of version 1, so a descriptor written for version 1 (initialisers ending at
 * `step`) compiles unchanged with yield = NULL, which means "no surface".  Write descriptors with
 * designated initialisers (.name = ...): optional fields added later then default to none
 * without a -Wextra missing-field-initializers warning, which positional lists get. */
#define LT_LAW_API_VERSION 2
#define LT_DOF 6
#define LT_MAX_ENERGIES 8
#define LT_MAX_PARAMS 32
#define LT_MAX_STATE 32

/* Elastic and friction properties of one particle's material. */
typedef struct lt_material {
    double young;    /* Young's modulus E, Pa */
    double poisson;  /* Poisson's ratio nu, - */
    double density;  /* kg/m^3 */
    double ktDivKn;  /* tangential to normal stiffness ratio, - */
    double tanPhi;   /* tangent of the friction angle, - */
} lt_material;

/* What a law is handed every step. */
typedef struct lt_contact {
    double uN;             /* m, normal displacement, < 0 in overlap (from positions) */
    double v[LT_DOF];      /* relative velocity at the contact point, local frame: m/s (0..2), rad/s (3..5) */
    double dt;             /* s, time step; the increment this step is v*dt */
    double lens[2];        /* m, branch lengths l1 (A), l2 (B) */
    double contA;          /* m^2, contact (connector) area */
    const lt_material *mat[2]; /* materials of A and B */
    double kn, kt, tanPhi; /* N/m, N/m, -: stiffness rule's values for this pair (see stiffness rule) */
    int fresh;             /* 1 on the first step of this contact (state was just initialised) */
} lt_contact;

/* What a law returns every step. */
typedef struct lt_response {
    double f[LT_DOF];       /* force on A (N, 0..2) and torque on A (N m, 3..5), local frame */
    double k[2];            /* current normal and tangential stiffness, N/m (for the record) */
    double energy[LT_MAX_ENERGIES]; /* J: LT_STORED -> current value; LT_DISSIPATED -> increment of this step */
} lt_response;

typedef enum lt_param_kind { LT_REAL, LT_BOOL, LT_CHOICE } lt_param_kind;

/* One parameter of a law.  A value of NaN as default means "taken from the materials"; the
 * law's init then uses the lt_contact stiffness values. */
typedef struct lt_param {
    const char *name;
    lt_param_kind kind;
    double def;               /* default (LT_BOOL: 0/1, LT_CHOICE: index) */
    double min, max;          /* valid closed range (LT_REAL) */
    const char *unit;         /* SI unit, "-" if none */
    const char *doc;
    const char *const *choices; /* LT_CHOICE: NULL-terminated names, value = index */
} lt_param;

typedef enum lt_energy_kind { LT_STORED, LT_DISSIPATED } lt_energy_kind;
typedef struct lt_energy_def {
    const char *name;   /* e.g. "elast", "plast", "visc" */
    lt_energy_kind kind;
    const char *doc;
} lt_energy_def;

/* Optional (API >= 2): the law's yield surface in the plane of the normal force Fn (N, < 0 in
 * compression, the sign of lt_response.f[0]) and the magnitude of the tangential force |Ft| (N):
 * the contact is elastic while |Ft| < ft_max(Fn) and Fn < fn_max; the surface may depend on the
 * parameters and on the per-contact state (e.g. an intact or a broken bond).  The harness samples
 * it for the plots (NAME-surface.tsv) and uses `yielding` to find the first yield of a probe. */
typedef struct lt_yield {
    /* Largest |Ft| (N) of the elastic domain at normal force fn (N); INFINITY if unlimited;
     * negative where no elastic state has this fn (beyond the tension tip). */
    double (*ft_max)(const double *param, const double *state, double fn);
    /* Tension tip (N): the largest normal force of the elastic domain (0 for a cohesionless
     * contact, INFINITY if the normal force is unlimited). */
    double (*fn_max)(const double *param, const double *state);
    /* 1 if the last step() was inelastic: the force was returned to the surface (slip, plastic
     * flow) or the contact or its bond broke on it; 0 if it was elastic. */
    int (*yielding)(const double *param, const double *state);
    const char *formula; /* the surface in one line, for legends and `lawtester laws` */
} lt_yield;

typedef struct lt_law {
    int api_version;             /* LT_LAW_API_VERSION */
    const char *name;            /* registry key, e.g. "linear" */
    const char *summary;         /* one line */
    const lt_param *params;      /* n_params entries */
    int n_params;
    const char *const *state_names; /* n_state names of the per-contact state doubles */
    int n_state;
    const lt_energy_def *energies;  /* n_energies entries */
    int n_energies;
    /* Set up the state of a new contact (state is zeroed before the call). */
    void (*init)(const double *param, const lt_contact *c, double *state);
    /* Advance one step: read c and state, update state, fill out.  Return 1 while the contact
     * holds, 0 when it breaks (then out->f is ignored and the contact is removed). */
    int (*step)(const double *param, const lt_contact *c, double *state, lt_response *out);
    /* API >= 2, optional: the yield surface, NULL if the law declares none (read it through
     * a check of api_version, as a descriptor of version 1 ends before this field). */
    const lt_yield *yield;
} lt_law;

#endif
