/* include/lawtester/law.h - the interface between lawtester and a contact law (public, versioned).
 *
 * A law is one `const lt_law` descriptor and the functions it points to: a built-in law is its
 * files under laws/ (the law, its cases, the header they share, composed from the law kit
 * laws/kit/; docs/laws.md), a law from a shared object whatever its author builds.  It sees only
 * the local contact description below and its own per-contact state; it never sees bodies, stages,
 * files or Lua.  This header includes nothing of the project, so a law written elsewhere can be
 * compiled against it alone (LT_LAW_API_VERSION guards the layout).
 *
 * API history: 1 the foundation; 2 adds to lt_contact the effective mass `mstar` and the
 *   curvature radii `rcurv`, and to lt_law, after every field of version 1, the parameter check
 *   `check`, the analytic verification cases `cases` (`lawtester verify`, see the end of this
 *   header) and the optional yield surface `yield` (yield-surface plots and probes); 3 adds to
 *   lt_case the field `dof`, so that the cycle case drives any DoF (shear, twist, bending) and
 *   checks its stiffness, cap and energy per cycle; 4 raises LT_MAX_STATE from 32 to 512 (laws that
 *   keep a loading history), names the load values of each case kind (lt_case.normal, .cycle,
 *   .impact, .loop: the same memory as load[4], which stays), and appends to lt_yield the yield
 *   function over all six generalized forces `excess` with the DoFs it depends on `dofs`; 5 (the
 *   law tells, lawtester does not guess) adds the integer parameter kind LT_INT and appends to
 *   lt_law the friction coefficient's name `friction` (the Coulomb cone of the plots, the
 *   plausibility warnings), per-parameter flags `param_flags` (LT_PARAM_MATERIALS: unset, the value
 *   comes from the materials; LT_PARAM_FIXED) and state arrays `state_arrays` (a history declared
 *   as md[480], not 480 names); `init` may be NULL (the state starts at zeros), and every real or
 *   integer parameter of a version-5 descriptor declares its range (min < max; a range left at
 *   [0, 0] is refused); 6 adds the parameter flags LT_PARAM_MIN_OPEN and LT_PARAM_MAX_OPEN (a
 *   range end the parameter never reaches, e.g. a restitution coefficient in (0, 1]) and appends
 *   to lt_law the law's known defects `known` (lt_known: rows of verify's generic checks that
 *   fail because the law is wrong there, printed XFAIL) and the per-parameter sweep scales
 *   `param_scales` (the typical magnitude of a parameter whose default 0 gives `verify --sweep`
 *   no scale).
 *
 * Compatibility: every version only appends fields, and a descriptor declares the version it was
 *   compiled for; lawtester reads only that version's fields (docs/plugins.md).  Descriptors of
 *   versions 1 to LT_LAW_API_VERSION load; lt_case arrays of older versions are copied into the
 *   current layout when the law is registered.
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

#ifdef __cplusplus
extern "C" {
#endif

/* Write descriptors with designated initialisers (.name = ...): optional fields added later then
 * default to none without a -Wextra missing-field-initializers warning, which positional lists
 * get. */
#define LT_LAW_API_VERSION 6
#define LT_PI 3.14159265358979323846 /* pi, for laws and their closed forms */
#define LT_DOF 6
#define LT_MAX_ENERGIES 8
#define LT_MAX_PARAMS 32
#define LT_MAX_STATE 512 /* 32 before API 4; a law declares how many it uses (n_state) */
#define LT_MAX_KNOWN 64  /* API 6: known defects a law may declare (lt_law.known) */

/* Elastic and friction properties of one particle's material. */
typedef struct lt_material {
    double young;   /* Young's modulus E, Pa */
    double poisson; /* Poisson's ratio nu, - */
    double density; /* kg/m^3 */
    double ktDivKn; /* tangential to normal stiffness ratio, - */
    double tanPhi;  /* tangent of the friction angle, - */
} lt_material;

/* What a law is handed every step. */
typedef struct lt_contact {
    double uN; /* m, normal displacement, < 0 in overlap (from positions) */
    /* relative velocity at the contact point, local frame: m/s (0..2), rad/s (3..5) */
    double v[LT_DOF];
    double dt;      /* s, time step; the increment this step is v*dt */
    double lens[2]; /* m, branch lengths l1 (A), l2 (B), by the stiffness rule's conventions */
    double contA;   /* m^2, contact (connector) area, by the stiffness rule's conventions */
    const lt_material *mat[2]; /* materials of A and B */
    double kn, kt, tanPhi; /* N/m, N/m, -: the stiffness rule's values for this pair; lens, contA,
                              kn, kt, tanPhi are set when the contact forms and kept for its life */
    int fresh;             /* 1 on the first step of this contact (state was just initialised) */
    double rcurv[2]; /* m, radius of curvature of each surface at the contact point (a sphere's
                              radius; INFINITY for a flat face).  Hertzian laws take
                              R* = 1/(1/r1 + 1/r2) from these, not from lens: lens are branch
                              lengths, equal to the radii only for round bodies */
    double mstar;    /* kg, effective mass m1 m2/(m1 + m2) of the pair; a fixed body counts as
                              infinitely heavy (mstar = the other's mass); both fixed: the reduced
                              mass of their own masses (finite, so dashpots stay finite) */
} lt_contact;

/* What a law returns every step. */
typedef struct lt_response {
    double f[LT_DOF]; /* force on A (N, 0..2) and torque on A (N m, 3..5), local frame */
    double k[2];      /* current normal and tangential stiffness, N/m (for the record) */
    /* J: LT_STORED -> current value; LT_DISSIPATED -> increment of this step */
    double energy[LT_MAX_ENERGIES];
} lt_response;

/* Helpers for laws whose response is a force from springs (static inline: nothing to link, the
 * header stays self-contained). */

/* Stiffnesses and friction of a law whose parameters kn, kt, tanPhi are optional (NaN: not
 * given): a given value is used, else the contact's (the stiffness rule's, from the materials);
 * kt from the contact is scaled with kn, so that the materials' kt/kn holds also when only kn is
 * given.  N/m, N/m, -. */
static inline double lt_given_kn(double kn, const lt_contact *c) { return kn == kn ? kn : c->kn; }
static inline double lt_given_kt(double kt, double kn, const lt_contact *c)
{
    return kt == kt ? kt : c->kn > 0 ? c->kt / c->kn * kn : 0;
}
static inline double lt_given_tanphi(double tanPhi, const lt_contact *c)
{
    return tanPhi == tanPhi ? tanPhi : c->tanPhi;
}

/* A force (N) on A in the local frame, no torque, and the stiffnesses to record (N/m). */
static inline void lt_respond_force(lt_response *out, double fn, double fty, double ftz, double kn,
                                    double kt)
{
    out->f[0] = fn;
    out->f[1] = fty;
    out->f[2] = ftz;
    out->f[3] = out->f[4] = out->f[5] = 0;
    out->k[0] = kn;
    out->k[1] = kt;
}

/* Energy (J) stored in linear springs of stiffness kn, kt (N/m) that carry the normal force fn
 * and the tangential force (fty, ftz) (N): (fn^2/kn + |ft|^2/kt)/2; a zero stiffness stores
 * nothing. */
static inline double lt_spring_energy(double kn, double kt, double fn, double fty, double ftz)
{
    return 0.5 * ((kn > 0 ? fn * fn / kn : 0) + (kt > 0 ? (fty * fty + ftz * ftz) / kt : 0));
}

/* LT_INT (API 5): a whole number (a count, a number of cells), held as a double like every
 * parameter; scripts must give it as one (a fraction is refused), and it prints without
 * decimals. */
typedef enum lt_param_kind { LT_REAL, LT_BOOL, LT_CHOICE, LT_INT } lt_param_kind;

/* One parameter of a law.  A default of NaN means the parameter is optional (LT_REAL only) and
 * unset unless given; the doc says what the law uses then, and the flag LT_PARAM_MATERIALS
 * (API 5) says when that is a value from the materials (e.g. the lt_contact stiffness values). */
typedef struct lt_param {
    const char *name;
    lt_param_kind kind;
    double def;       /* default (LT_BOOL: 0/1, LT_CHOICE: index, LT_INT: a whole number) */
    double min, max;  /* valid range (LT_REAL, LT_INT: whole numbers or +-INFINITY), closed
                                 unless flagged LT_PARAM_MIN_OPEN / LT_PARAM_MAX_OPEN (API 6).
                                 API 5: min < max unless the parameter is flagged LT_PARAM_FIXED;
                                 no bound is -INFINITY / INFINITY, never a range left at [0, 0] */
    const char *unit; /* SI unit, "-" if none */
    const char *doc;
    const char *const *choices; /* LT_CHOICE: NULL-terminated names, value = index */
} lt_param;

/* API 5: what a parameter's lt_param cannot say, bits of lt_law.param_flags[i] (0: none). */
enum {
    /* Optional (default NaN, LT_REAL): not given, the law takes its value from the materials
     * (the stiffness rule's kn, kt, tanPhi of lt_contact, or E* from Young's moduli: the doc
     * says how).  .meta writes `materials` for it, and plot titles show the stiffness rule's
     * value of the same name (kn, kt, tanPhi) marked "(materials)".  Without the flag an unset
     * parameter is written `unset` (the law's own default, its doc says which) and never
     * labelled with a stiffness-rule value that happens to share its name. */
    LT_PARAM_MATERIALS = 1u << 0,
    /* LT_REAL or LT_INT whose range is one value, min == max: a constant the law shows but that
     * cannot be set.  Without the flag, min == max is refused (a range forgotten, both zero). */
    LT_PARAM_FIXED = 1u << 1,
    /* API 6.  LT_REAL or LT_INT: the range's finite lower (upper) end is open, the bound itself
     * refused, (min, max]: a value the law cannot take, such as a restitution coefficient of 0
     * where the damping goes with ln(en).  Scripts, --set and sweeps honour it; ranges print
     * with the bracket it says. */
    LT_PARAM_MIN_OPEN = 1u << 2,
    LT_PARAM_MAX_OPEN = 1u << 3
};

/* API 5: a run of per-contact state doubles declared as one array (a loading history, a row of
 * cells): `lawtester laws`, .meta and the docs show it as NAME[LENGTH], not LENGTH names. */
typedef struct lt_state_array {
    const char *name; /* an identifier, not the name of a state variable */
    int first;        /* index in the state of its first value */
    int length;       /* number of values, >= 1; arrays do not overlap */
    const char *doc;  /* one line: the layout (e.g. "160 cells of x, uy, uz (m)"), or NULL */
} lt_state_array;

typedef enum lt_energy_kind { LT_STORED, LT_DISSIPATED } lt_energy_kind;
typedef struct lt_energy_def {
    const char *name; /* e.g. "elast", "plast", "visc" */
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
    /* API 4.  Optional (NULL: the surface is the (Fn, |Ft|) one above, with the torques free):
     * the yield function over all six generalized forces f (N for 0..2, N m for 3..5, local
     * frame, the signs of lt_response.f): < 0 strictly inside the elastic domain, 0 on its
     * surface, > 0 outside; dimensionless (e.g. |Ft|/(tanPhi |Fn|) - 1), and monotonic along
     * every ray from an inside point, so that the harness can find the surface along a ray by
     * bisection (sections of the surface in any pair of DoFs, probes on any pair). */
    double (*excess)(const double *param, const double *state, const double f[LT_DOF]);
    /* API 4.  The DoFs the surface depends on, bit i for DoF i (e.g. 0x07: the normal and the
     * two shears, 0x3f: all six); 0 with `excess` NULL means 0x07.  Probes and sections are
     * offered on pairs of these DoFs. */
    unsigned dofs;
} lt_yield;

/* API 6: a known defect of the law (docs/verify.md, "Expected failures"): rows of verify's
 * generic checks that fail because the law is wrong there - a formula kept to compare with
 * another code, an option that creates energy - printed XFAIL instead of FAIL, and XPASS
 * (counted as failed: the defect is gone, remove the mark) where they pass.  The same as a Lua
 * law's `known` (docs/lua-laws.md, "Known defects"). */
typedef struct lt_known {
    /* The case and the start of the quantity as verify prints them, the case without a sweep
     * point's "@k": "generic-path balance", "generic-oblique KE gain". */
    const char *row;
    const char *why; /* one line naming the defect and where it is shown (docs, a paper) */
    /* At which parameters the defect shows: 1 there, 0 elsewhere (the row is then plain); NULL:
     * at every point.  It must be exact: a row marked where the law passes is an XPASS.  Where
     * the check can mask the defect (the law's own dissipation hiding the energy it creates),
     * LT_KNOWN_MAY: a failing row is XFAIL, a passing one plain - never an XPASS, so mark 1
     * wherever the defect is sure to show. */
    int (*when)(const double *param);
} lt_known;
#define LT_KNOWN_MAY 2

/* Names (checked when the law is loaded; docs/laws.md, "Names"): the law's, its parameters',
 * state variables' and energies' are identifiers [A-Za-z_][A-Za-z0-9_]* of at most 63
 * characters, each once; a choice may also hold '-' (not first).  A state variable must not be
 * one of the contact quantities that `until` reads as C.NAME (uN u v f contA l1 l2; kn and kt
 * are allowed and then hold the stiffness returned in lt_response.k), an energy not a record
 * column (step time ... kt), a driver energy (work kin damp brk balance_err form unbooked) or `n`.
 * lawtester keeps a copy of the descriptor, its tables and strings made when it is loaded and
 * reads only that copy afterwards. */
typedef struct lt_law {
    int api_version;        /* LT_LAW_API_VERSION */
    const char *name;       /* registry key, e.g. "linear" */
    const char *summary;    /* one line */
    const lt_param *params; /* n_params entries */
    int n_params;
    const char *const *state_names; /* n_state names of the per-contact state doubles */
    int n_state;
    const lt_energy_def *energies; /* n_energies entries */
    int n_energies;
    /* Set up the state of a new contact (state is zeroed before the call).  Optional since
     * API 5 (NULL: the state starts at zeros, as in a Lua law without init). */
    void (*init)(const double *param, const lt_contact *c, double *state);
    /* Advance one step: read c and state, update state, fill out.  Return 1 while the contact
     * holds, 0 when it breaks (then out->f is ignored and the contact is removed). */
    int (*step)(const double *param, const lt_contact *c, double *state, lt_response *out);
    /* API 2.  Optional (NULL): check a whole parameter set (each value is already in its range);
     * return NULL if it is consistent, else a one-line message (e.g. two ways of giving the
     * same damping both used).  Scripts report it as an error of the field `params`. */
    const char *(*check)(const double *param);
    /* API 2.  The law's analytic verification cases (may be NULL / 0), see below. */
    const struct lt_case *cases;
    int n_cases;
    /* API 2.  Optional: the yield surface, NULL if the law declares none (read it through
     * lt_law_yield(), which checks api_version: a version-1 descriptor ends before it). */
    const lt_yield *yield;
    /* API 5.  The name of the parameter or state variable that is the Coulomb friction
     * coefficient mu = tan(phi) (-), NULL if the law has none: a state variable holds the value
     * in use (e.g. the parameter, or the stiffness rule's tanPhi when it is unset); a parameter
     * is what a script gives.  The plots draw the Coulomb cone with it (the state's value at the
     * end of the run, else the parameter's, else, for a parameter flagged LT_PARAM_MATERIALS,
     * the stiffness rule's tanPhi) and the plausibility warnings check the parameter (e.g.
     * `mu = 30`, an angle in degrees).  A descriptor of API 1 to 4 is read as naming "tanPhi"
     * when it has a parameter or state variable of that name (docs/plugins.md). */
    const char *friction;
    /* API 5.  n_params entries of LT_PARAM_* bits, in the order of params; NULL: all 0. */
    const unsigned *param_flags;
    /* API 5.  Arrays of the state (may be NULL / 0).  An entry of state_names that lies in an
     * array may be NULL: lawtester names it ARRAY_k (k = 0, 1, ... within the array), as C.ARRAY_k
     * reads it; state_names itself may be NULL when every value lies in an array. */
    const lt_state_array *state_arrays;
    int n_state_arrays;
    /* API 6.  Known defects (may be NULL / 0): see lt_known. */
    const lt_known *known;
    int n_known;
    /* API 6.  n_params entries in the order of params, NULL: none.  The typical magnitude (> 0,
     * finite, in the parameter's unit) of a real parameter whose default gives a sweep no scale:
     * a default of 0 with an infinite end (a rolling friction, a cohesion); 0: none.  `lawtester
     * verify --sweep` sweeps such a parameter log-uniformly from scale/100 to 100 scale, and at
     * 0 (docs/verify.md, "The parameter space"). */
    const double *param_scales;
} lt_law;

/* ---- analytic verification cases (API 2) ------------------------------------------------
 *
 * `lawtester verify` runs generic checks on every law (finite output, no force at touch, zero
 * force without contact, action-reaction and moment balance, objectivity under a rigid rotation,
 * energy balance, zero net work around a closed path for a law without dissipated energies) and
 * then the law's own cases.  A case names a load path that lawtester knows how to drive (the
 * kind), the bodies, the parameters, and a function giving the closed-form values; lawtester
 * runs the path, measures, and prints one row per quantity.  Units SI; signs as above.
 */

typedef enum lt_case_kind {
    /* Quasi-static normal loading of two fixed bodies from touch to an overlap of load[0] m at
     * load[1] m/s, then unloading at the same speed until the contact is lost; `steps` steps
     * per leg.  Checked: `along` (Fn, kn, kt, elast as functions of uN) at every state. */
    LT_CASE_NORMAL,
    /* Two fixed bodies: normal loading to an overlap of load[0] m (held), then a cycle on the
     * DoF `dof` (API 3; 0, and every case of API 2, means 1: shear along local y), 0 -> +load[1]
     * -> -load[1] -> +load[1] (m for the shears, rad for twist and bending) at load[2] (m/s or
     * rad/s), `steps` steps per load[1]; the last two legs are one full cycle.  Measured: the
     * energy dissipated over the cycle (LT_Q_CYCLE_ENERGY), the stiffness of that DoF during the
     * cycle (LT_Q_KT: N/m, or N m/rad for 3..5) and the largest |force| or |torque| of that DoF
     * (LT_Q_SLIP_FORCE: N, or N m; the cap of a sliding or rolling limit). */
    LT_CASE_SHEAR_CYCLE,
    /* Free bodies (unless `fixed`) meet head-on at a relative normal speed load[0] m/s (an 'i'
     * stage until stage.rebound), with a relative tangential speed load[1] m/s along local y
     * and spins +load[2] (A) and -load[2] (B) rad/s about local z (free bodies only: a fixed
     * body does not move unless imposed); load[3]: the initial gap in units of load[0] dt
     * (0: 1/2, touch where a leapfrog kick interval starts; the gap is set from each run's dt,
     * so the re-runs at dt/2, dt/4 keep the touch at the same phase).  The time step: dt =
     * t_c/(steps + 0.3183), t_c the contact time.  `expect` is first called with env->c.dt = 0
     * and its value[LT_Q_CONTACT_TIME] is t_c; it may leave it NaN (no closed form, and `expect`
     * itself may be NULL): verify then measures t_c by runs at that rule until two agree, and
     * the row `t_contact` checks the case's run against that measurement, its note starting
     * "measured" (docs/verify.md, "Measured contact times").  Measured: restitution, contact and
     * force durations, max overlap and force, centre tangential velocity and spins after; with
     * `converge`, also at dt/2 and dt/4 for the observed order of each error. */
    LT_CASE_IMPACT,
    /* From an overlap of load[0] m, a closed loop of amplitude load[1] (m, or rad for the
     * rotations) on each DoF marked 'v' in `dofs`, `steps` steps per leg.  The net work must
     * vanish (an elastic, path-independent law on those DoFs). */
    LT_CASE_CLOSED_LOOP,
    /* API 3: the cycle of LT_CASE_SHEAR_CYCLE by the name that says it drives any DoF. */
    LT_CASE_CYCLE = LT_CASE_SHEAR_CYCLE,
} lt_case_kind;

/* Quantities a case may give closed-form values for. */
typedef enum lt_quantity {
    LT_Q_RESTITUTION,  /* -, vn_after/|vn_before| (relative normal velocity of the centres) */
    LT_Q_CONTACT_TIME, /* s, time with uN < 0 (crossings interpolated within the step) */
    /* s, time of *compressive* normal force: from touch (the uN = 0 crossing that starts
     * LT_Q_CONTACT_TIME) to the end of the first stretch of states with Fn < 0, found on the
     * first state after it: Fn > 0 (tensile) interpolates Fn = 0 between the two, Fn = 0
     * (clipped) or no contact extrapolates Fn = 0 from the last two compressive states.  Not
     * the time of non-zero force: a tensile end (adhesion) is not counted, nor is a second
     * compressive stretch; a tensile start is (the clock starts at touch).  NaN if the force is
     * still compressive when the run ends. */
    LT_Q_FORCE_TIME,
    LT_Q_MAX_OVERLAP,  /* m, max -uN (parabola through the three states around the maximum) */
    LT_Q_MAX_FORCE,    /* N, max -Fn (parabola as above) */
    LT_Q_TANGENT_OUT,  /* m/s, relative tangential velocity of the centres after (local y) */
    LT_Q_SPIN_A,       /* rad/s, spin of A about local z after */
    LT_Q_SPIN_B,       /* rad/s, spin of B about local z after */
    LT_Q_CYCLE_ENERGY, /* J, energy dissipated over the full cycle */
    LT_Q_KT,           /* N/m (N m/rad), stiffness of the cycled DoF during the cycle */
    LT_Q_SLIP_FORCE,   /* N (N m), max |force| (|torque|) of the cycled DoF: the sliding limit */
    LT_Q_BALANCE,      /* -, |balance_err| / |work| at the end of the run (value 0) */
    LT_Q_COUNT,
    /* API 3: the names of the cycle's quantities on any DoF (same values as above) */
    LT_Q_CYCLE_STIFFNESS = LT_Q_KT,
    LT_Q_CYCLE_CAP = LT_Q_SLIP_FORCE
} lt_quantity;

/* What a case's `expect` fills.  verify sets every value to NaN (and every why and xfail to
 * NULL) first: a NaN value is not checked.  tol: relative tolerance (absolute when the value is 0);
 * why: one line saying why the tolerance is that size.  order: for LT_CASE_IMPACT with `converge`,
 * the order p with which the error of this quantity must fall with dt (err ~ dt^p), NaN: not
 * asserted. */
typedef struct lt_expect {
    double value[LT_Q_COUNT];
    double tol[LT_Q_COUNT];
    double order[LT_Q_COUNT];
    const char *why[LT_Q_COUNT];
    /* API 5.  Expected failures: NULL, or one line saying why this quantity's rows are expected
     * to fail (a known defect of the law, kept visible instead of failing verify): its rows (the
     * value, its order or its rows at dt/2, dt/4) are held until the case ends, then printed
     * XFAIL where they fail (not counted as failed) - or, if none fails, XPASS (counted as
     * failed: the defect is gone, remove the mark).  Appended: lawtester owns this struct and
     * sets every entry to NULL before `expect` runs, so a law of an earlier version, which
     * writes only the fields above, never marks anything. */
    const char *xfail[LT_Q_COUNT];
} lt_expect;

/* API 4: the load values of each kind by name (the same memory as lt_case.load and
 * lt_case_env.load, whose indices the kind documents above). */
typedef struct lt_normal_load {
    double overlap; /* m, largest overlap (load[0]) */
    double speed;   /* m/s, loading and unloading speed (load[1]) */
} lt_normal_load;
typedef struct lt_cycle_load {
    double overlap;   /* m, normal overlap held during the cycle (load[0]) */
    double amplitude; /* m (shears) or rad (twist, bending), cycle amplitude (load[1]) */
    double speed;     /* m/s or rad/s, driving speed (load[2]) */
} lt_cycle_load;
typedef struct lt_impact_load {
    double vn;   /* m/s, relative normal approach speed (load[0]) */
    double vt;   /* m/s, relative tangential speed along local y (load[1]) */
    double spin; /* rad/s, +spin of A and -spin of B about local z (load[2]) */
    double gap;  /* -, initial gap in units of vn dt, 0: 1/2 (load[3]) */
} lt_impact_load;
typedef struct lt_loop_load {
    double overlap;   /* m, normal overlap at which the loop starts (load[0]) */
    double amplitude; /* m or rad, amplitude on each looped DoF (load[1]) */
} lt_loop_load;
/* One anonymous union holds them, so `.load = {...}` (every version) and `.cycle = {...}`
 * (API 4) both initialise a case, and env->load[1] == env->cycle.amplitude. */
#define LT_CASE_LOADS          \
    union {                    \
        double load[4];        \
        lt_normal_load normal; \
        lt_cycle_load cycle;   \
        lt_impact_load impact; \
        lt_loop_load loop;     \
    }

/* What the closed forms may use: the resolved parameters, the contact as the law first sees it
 * (uN = 0, v = 0, lens, contA, rcurv, mat, mstar, the stiffness rule's kn/kt/tanPhi, and dt:
 * 0 when verify asks for the contact time that sets dt, else the time step of the run), the
 * load values, and the bodies' masses (INFINITY if fixed) and moments of inertia. */
typedef struct lt_case_env {
    const double *param;
    lt_contact c;
    LT_CASE_LOADS;     /* the case's load values: load[4], or by name (API 4) */
    double mass[2];    /* kg */
    double inertia[2]; /* kg m^2 */
} lt_case_env;

/* Columns of `along`. */
enum { LT_ALONG_FN, LT_ALONG_KN, LT_ALONG_KT, LT_ALONG_ELAST, LT_ALONG_COUNT };

#define LT_CASE_MAX_SET 8

typedef struct lt_case_param {
    const char *name; /* a parameter of the law */
    double value;     /* LT_BOOL 0/1, LT_CHOICE the index */
} lt_case_param;

typedef struct lt_case {
    const char *name; /* unique within the law: `lawtester verify --case NAME` */
    const char *doc;  /* one line: what is checked, against what closed form (reference) */
    lt_case_kind kind;
    lt_case_param set[LT_CASE_MAX_SET]; /* parameter overrides, ended by a NULL name */
    const char *shape[2]; /* shapes of A and B: "sphere" (NULL: sphere) or "wall" (a plane through
                              the origin facing the other body; no finite mass, so it must be
                              `fixed`; its curvature radius is INFINITY) */
    double radius[2];     /* m (a sphere's; unused for a wall) */
    lt_material mat[2];
    int fixed[2];     /* LT_CASE_IMPACT: 1 = the body does not respond to forces */
    LT_CASE_LOADS;    /* load[4] per kind, see lt_case_kind; by name (API 4): normal, cycle,
                              impact, loop */
    double steps;     /* resolution, per kind */
    const char *dofs; /* LT_CASE_CLOSED_LOOP: 6 characters, 'v' = on the loop */
    int converge;     /* LT_CASE_IMPACT: also run at dt/2, dt/4 and check orders */
    /* closed-form values (required for LT_CASE_SHEAR_CYCLE; for LT_CASE_IMPACT optional, the
     * contact time then measured, see the kind).  Contract: every value it gives must hold, or
     * be left NaN (not checked; a NaN contact time is measured), for *every* env it may be
     * called with, not only the case's own: the parameters the case does not set take the
     * values of `verify --set` and of each point of `verify --sweep` (anywhere in their declared
     * ranges), and the sweep's generic-oblique calls the first damped impact case's `expect`
     * (env->c.dt = 0: the contact time that sets its dt, and the restitution that picks the
     * case) with body A a fixed wall (m* = m, R* = R, the stiffness rule's kn against the wall).
     * A closed form valid only in part of a range returns NaN outside it (docs/verify.md, "The
     * contract of expect"). */
    void (*expect)(const lt_case_env *env, lt_expect *out);
    /* LT_CASE_NORMAL: closed-form Fn (N), kn, kt (N/m), elast (J) at uN (NaN: not checked);
     * each column's largest deviation along the path, relative to the column's largest
     * |value|, must stay within along_tol (why: along_why).  LT_CASE_CLOSED_LOOP: along_tol
     * bounds the net work relative to the largest stored energy on the loop. */
    void (*along)(const lt_case_env *env, double uN, double out[LT_ALONG_COUNT]);
    double along_tol;
    const char *along_why;
    /* optional, for --plot of LT_CASE_IMPACT: the closed-form (uN, Fn) at the fraction s in
     * [0, 1] of the contact, for the analytic curve drawn over the recorded one; of
     * LT_CASE_CYCLE (API 4): the closed-form (displacement, force) of the cycled DoF at the
     * fraction s of the three legs 0 -> +a -> -a -> +a (without it: the elastic-perfectly-plastic
     * loop of the expected stiffness and cap) */
    void (*curve)(const lt_case_env *env, double s, double *uN, double *Fn);
    /* API 3.  LT_CASE_CYCLE: the DoF cycled, 1..5 (0: 1, shear along local y). */
    int dof;
} lt_case;

/* ---- laws in shared objects -------------------------------------------------------------
 *
 * `lawtester --law-lib FILE.so` loads the laws a shared object exports as a NULL-terminated
 * array under this name (C linkage; from C++ declare it inside extern "C"):
 *     const lt_law *const lt_plugin_laws[] = {&my_law, NULL};
 * Each descriptor is checked when it is loaded (docs/plugins.md); its api_version says which
 * fields it has. */
#define LT_PLUGIN_SYMBOL "lt_plugin_laws"

#ifdef __cplusplus
}
#endif

#endif
