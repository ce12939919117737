/* hp-analysis.h — parameters, registry and runner shared by every analysis.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

#include "hp-table.h"
#include "hp-trace.h"

G_BEGIN_DECLS

#define HP_ANALYSIS_ERROR (hp_analysis_error_quark ())

typedef enum
{
  HP_ANALYSIS_ERROR_NO_SUCH_RANK,
  HP_ANALYSIS_ERROR_INVALID_PARAMETER,
  HP_ANALYSIS_ERROR_NO_DATA,
} HpAnalysisError;

GQuark hp_analysis_error_quark (void);

/**
 * HpAnalysisParams:
 *
 * The values of the analysis parameters, with HTA's names and defaults
 * (docs/analyses.md): the fields choose the data every analysis reads,
 * the bag holds those each analysis defines in its own file (read and
 * written through their specs, hp_analysis_params_get_int() and the
 * like). Times are in microseconds, as in HTA.
 */
typedef struct
{
  /* which ranks; NULL or empty = every loaded rank (HTA defaults to rank 0) */
  GArray *ranks; /* int */
  /* which GPU streams for the idle-time breakdown; NULL = all */
  GArray *streams; /* gint64 */

  /* the values of the parameters an analysis defines in its own file
   * (specs with @offset %HP_PARAM_IN_BAG), keyed by spec; a spec without
   * a value reads as its default */
  GHashTable *bag;
} HpAnalysisParams;

void hp_analysis_params_init (HpAnalysisParams *params);
void hp_analysis_params_clear (HpAnalysisParams *params);
void hp_analysis_params_copy (HpAnalysisParams       *dest,
                              const HpAnalysisParams *src);

/**
 * HpParamType:
 *
 * The C type of an #HpAnalysisParams field: int, gint64, double, gboolean,
 * GArray of int or of gint64 (%NULL or empty = all), a GStrv, or a string
 * (%NULL or empty = none).
 */
typedef enum
{
  HP_PARAM_INT,
  HP_PARAM_INT64,
  HP_PARAM_DOUBLE,
  HP_PARAM_BOOLEAN,
  HP_PARAM_INT_LIST,
  HP_PARAM_INT64_LIST,
  HP_PARAM_STRING_LIST,
  HP_PARAM_STRING,
} HpParamType;

/**
 * HpParamSpec:
 * @name: HTA's keyword (`num_kernels`); the CLI option is the same with
 *   dashes (`--num-kernels`)
 * @type: the field's type
 * @offset: the field in #HpAnalysisParams, or %HP_PARAM_IN_BAG for a
 *   parameter an analysis defines in its own file, whose value is kept in
 *   the bag of #HpAnalysisParams
 * @default_value: HTA's default (lists: none, meaning all)
 * @minimum: the smallest valid value (of each item, for lists)
 * @maximum: the largest valid value
 * @unit: "us" for times, or %NULL
 * @title: a short label for people (translatable, marked with N_())
 * @help: one line for the CLI's --help and the README
 * @arg: the CLI's placeholder, "N", "US", "BOOL", "LIST", "NAME"
 * @description: (nullable): one sentence for people, under @title in the
 *   preferences (translatable, marked with N_())
 * @choices: (array zero-terminated=1) (nullable): the values a string
 *   parameter takes, when it takes only those
 * @flags: how the app treats the parameter (#HpParamFlags)
 *
 * One analysis parameter. Its value is always within [@minimum,
 * @maximum]: hp_param_parse() refuses a value outside with an error that
 * names the parameter and the range, the typed setters refuse it with a
 * warning, hp_param_set_number() clamps it.
 */
typedef struct
{
  const char        *name;
  HpParamType        type;
  gsize              offset;
  double             default_value;
  double             minimum;
  double             maximum;
  const char        *unit;
  const char        *title;
  const char        *help;
  const char        *arg;
  const char        *description;
  const char *const *choices;
  guint              flags;
} HpParamSpec;

/**
 * HpParamFlags:
 * @HP_PARAM_PERSIST: the app keeps the value in its settings, under a key
 *   named as the CLI option, and offers it in the preferences; the key is
 *   generated from the spec at build time (hp_param_schema_key())
 * @HP_PARAM_PERSIST_WHOLE: with %HP_PARAM_PERSIST, a #HP_PARAM_DOUBLE
 *   kept as a whole number (a key of type `i`), as times in microseconds
 *   have always been kept
 *
 * The flags of an #HpParamSpec.
 */
typedef enum
{
  HP_PARAM_PERSIST = 1 << 0,
  HP_PARAM_PERSIST_WHOLE = 1 << 1,
} HpParamFlags;

/* the shared parameters, fields of #HpAnalysisParams */
extern const HpParamSpec hp_analysis_ranks_spec;
extern const HpParamSpec hp_analysis_streams_spec;

/* the @offset of a spec whose value is kept in the parameters' bag */
#define HP_PARAM_IN_BAG G_MAXSIZE

const HpParamSpec *const *hp_param_spec_list (guint *n_specs);
const HpParamSpec        *hp_param_spec_find (const char *name);
gboolean                  hp_param_parse (const HpParamSpec *spec,
                                          HpAnalysisParams  *params,
                                          const char        *text,
                                          GError           **error);
char                     *hp_param_to_string (const HpParamSpec      *spec,
                                              const HpAnalysisParams *params);
double                    hp_param_get_number (const HpParamSpec      *spec,
                                               const HpAnalysisParams *params);
void                      hp_param_set_number (const HpParamSpec *spec,
                                               HpAnalysisParams  *params,
                                               double             value);
gboolean                  hp_param_equal (const HpParamSpec      *spec,
                                          const HpAnalysisParams *a,
                                          const HpAnalysisParams *b);
gboolean                  hp_param_check_number (const HpParamSpec *spec,
                                                 double             value,
                                                 GError           **error);
char                     *hp_param_schema_key (const HpParamSpec *spec);
char                     *hp_param_schema_keys (const HpParamSpec *const *specs,
                                                guint                     n_specs);

int                hp_analysis_params_get_int (const HpAnalysisParams *params,
                                               const HpParamSpec      *spec);
gint64             hp_analysis_params_get_int64 (const HpAnalysisParams *params,
                                                 const HpParamSpec      *spec);
double             hp_analysis_params_get_double (const HpAnalysisParams *params,
                                                  const HpParamSpec      *spec);
gboolean           hp_analysis_params_get_boolean (const HpAnalysisParams *params,
                                                   const HpParamSpec      *spec);
GArray            *hp_analysis_params_get_list (const HpAnalysisParams *params,
                                                const HpParamSpec      *spec);
const char *const *hp_analysis_params_get_strv (const HpAnalysisParams *params,
                                                const HpParamSpec      *spec);
const char        *hp_analysis_params_get_string (const HpAnalysisParams *params,
                                                  const HpParamSpec      *spec);
void               hp_analysis_params_set_int (HpAnalysisParams  *params,
                                               const HpParamSpec *spec,
                                               int                value);
void               hp_analysis_params_set_int64 (HpAnalysisParams  *params,
                                                 const HpParamSpec *spec,
                                                 gint64             value);
void               hp_analysis_params_set_double (HpAnalysisParams  *params,
                                                  const HpParamSpec *spec,
                                                  double             value);
void               hp_analysis_params_set_boolean (HpAnalysisParams  *params,
                                                   const HpParamSpec *spec,
                                                   gboolean           value);
void               hp_analysis_params_set_list (HpAnalysisParams  *params,
                                                const HpParamSpec *spec,
                                                GArray            *items);
void               hp_analysis_params_set_strv (HpAnalysisParams  *params,
                                                const HpParamSpec *spec,
                                                const char *const *names);
void               hp_analysis_params_set_string (HpAnalysisParams  *params,
                                                  const HpParamSpec *spec,
                                                  const char        *value);

/**
 * HpAnalysisNeeds:
 *
 * What an analysis needs from a rank. The health report derives its
 * verdicts from them: a finding about a missing need makes the analysis
 * not applicable, one about a damaged need calls for caution.
 */
typedef enum
{
  HP_ANALYSIS_NEEDS_GPU = 1 << 0,            /* kernels, memcpys or memsets */
  HP_ANALYSIS_NEEDS_LAUNCH = 1 << 1,         /* CPU launch <-> GPU event links */
  HP_ANALYSIS_NEEDS_COMM = 1 << 2,           /* communication kernels */
  HP_ANALYSIS_NEEDS_GPU_ANNOTATION = 1 << 3, /* gpu_user_annotation events */
  HP_ANALYSIS_NEEDS_MEMCPY = 1 << 4,         /* memcpy or memset events */
  HP_ANALYSIS_NEEDS_CPU_OPS = 1 << 5,        /* cpu_op events */
  HP_ANALYSIS_NEEDS_ANNOTATION = 1 << 6,     /* gpu_user_annotation, or else user_annotation */
  HP_ANALYSIS_NEEDS_ALL_RANKS = 1 << 7,      /* every rank of the job */
  HP_ANALYSIS_NEEDS_MEMORY_EVENTS = 1 << 8,  /* [memory] events (profile_memory=True) */
  HP_ANALYSIS_NEEDS_COUNTERS = 1 << 9,       /* CUPTI range-profiler records */
} HpAnalysisNeeds;

/* a %NULL-terminated array of strings, for the lists of a descriptor */
#define HP_STRV(...) ((const char *const[]){ __VA_ARGS__, NULL })

struct _HpLinkedEvents;

/**
 * HpRowEventsFunc:
 * @table: one of the analysis' tables
 * @row: a row of it
 *
 * What a table row stands for on the timeline.
 *
 * Returns: (transfer full) (nullable): the row's events, or %NULL when the
 *   table's rows stand for no events
 */
typedef struct _HpLinkedEvents *(*HpRowEventsFunc) (HpTrace                *trace,
                                                    HpTable                *table,
                                                    guint                   row,
                                                    const HpAnalysisParams *params);

/**
 * HpAnalysisFunc:
 *
 * An analysis: a pure function of an immutable trace. Appends its tables
 * (HpTable *, transfer full) to @tables in the order documented for it.
 */
typedef gboolean (*HpAnalysisFunc) (HpTrace                *trace,
                                    const HpAnalysisParams *params,
                                    GPtrArray              *tables,
                                    GCancellable           *cancellable,
                                    GError                **error);

/**
 * HpAnalysis:
 * @name: the CLI's --analysis name, the macro HP_<X>_ANALYSIS of its header
 * @title: for people, marked with N_() and translated where shown: the
 *   app's tabs, `hotpath-cli analyses` and the docs
 * @section: the section of the analysis definitions, e.g. "§1"
 * @func: computes the tables
 * @in_default_set: whether `report` runs it without --analysis
 * @cost: relative time on a large trace; costly ones start first
 * @shared_params: (array zero-terminated=1) (nullable): the shared
 *   parameters (fields of #HpAnalysisParams, such as
 *   &hp_analysis_streams_spec) it reads besides `ranks`; a change of any
 *   other leaves its results valid
 * @tables: (array zero-terminated=1): the names of the tables it may
 *   return, in order
 * @row_events: (nullable): what a row of its tables stands for on the
 *   timeline
 * @row_events_tables: which of @tables have rows that stand for events:
 *   bit i for `tables[i]`
 * @payload: (nullable): makes what the views need besides the tables
 *   (hp_result_get_payload()), from the trace and the tables just made;
 *   %NULL with @error set on failure
 * @payload_free: frees what @payload made
 * @payload_row_events: (nullable): what a row stands for on the timeline,
 *   read from the payload of the result the table is of (instead of
 *   @row_events, which finds it again)
 *
 * @needs: what it needs from a trace (#HpAnalysisNeeds); 0 when no
 *   finding of the health report but those about every analysis touches it
 * @aliases: (array zero-terminated=1) (nullable): other names a session
 *   may ask it by
 * @specs: (array zero-terminated=1) (nullable): the parameters it defines
 *   in its own file (@offset %HP_PARAM_IN_BAG); it reads them with
 *   hp_analysis_params_get_int() and the like
 *
 * An analysis: everything the CLI, the app and the docs need to know of
 * it. Each is defined as `const HpAnalysis hp_<x>_analysis` in the file of
 * its compute function; the registry (hp-analysis-registry.c) lists them.
 */
typedef struct
{
  const char               *name;
  const char               *title;
  const char               *section;
  HpAnalysisFunc            func;
  gboolean                  in_default_set;
  guint                     cost;
  const HpParamSpec *const *shared_params;
  const char *const        *tables;
  HpRowEventsFunc           row_events;
  guint                     row_events_tables;
  gpointer (*payload) (HpTrace                *trace,
                       const HpAnalysisParams *params,
                       GPtrArray              *tables,
                       GCancellable           *cancellable,
                       GError                **error);
  GDestroyNotify payload_free;
  struct _HpLinkedEvents *(*payload_row_events) (gpointer                payload,
                                                 HpTrace                *trace,
                                                 HpTable                *table,
                                                 guint                   row,
                                                 const HpAnalysisParams *params);
  guint                     needs;
  const char *const        *aliases;
  const HpParamSpec *const *specs;
} HpAnalysis;

gboolean                hp_analysis_uses_param (const HpAnalysis  *analysis,
                                                const HpParamSpec *spec);
GPtrArray              *hp_analysis_get_param_specs (const HpAnalysis *analysis);
gboolean                hp_analysis_params_affect (const HpAnalysis       *analysis,
                                                   const HpAnalysisParams *a,
                                                   const HpAnalysisParams *b);
const HpAnalysis       *hp_analysis_find_by_table (const char *table_name);
HpTable                *hp_analysis_result_find_table (GPtrArray  *tables,
                                                       const char *table_name);
int                     hp_analysis_table_index (const HpAnalysis *analysis,
                                                 const char       *table_name);
gboolean                hp_analysis_table_has_row_events (HpTable *table);
struct _HpLinkedEvents *hp_analysis_row_events (HpTrace                *trace,
                                                HpTable                *table,
                                                guint                   row,
                                                const HpAnalysisParams *params);

const HpAnalysis *const *hp_analysis_list (guint *n_analyses);
const HpAnalysis        *hp_analysis_find (const char *name);
const HpAnalysis        *hp_analysis_find_internal (const char *name);
GPtrArray               *hp_analysis_run (const HpAnalysis       *analysis,
                                          HpTrace                *trace,
                                          const HpAnalysisParams *params,
                                          GCancellable           *cancellable,
                                          GError                **error);
GPtrArray               *hp_analysis_run_many (const HpAnalysis *const *analyses,
                                               guint                    n_analyses,
                                               HpTrace                 *trace,
                                               const HpAnalysisParams  *params,
                                               guint                    n_threads,
                                               double                  *seconds,
                                               GCancellable            *cancellable,
                                               GError                 **error);

/* helpers for analyses */
GPtrArray *hp_analysis_select_ranks (HpTrace                *trace,
                                     const HpAnalysisParams *params,
                                     GError                **error);
gboolean   hp_analysis_check_cancelled (GCancellable *cancellable,
                                        guint         i,
                                        GError      **error);

static inline double
hp_ns_to_us (gint64 ns)
{
  return (double)ns / 1000.0;
}

G_END_DECLS
