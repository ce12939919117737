/* hp-critical-path.c — a rank's critical-path graph over a region: making it, its path and slack, and the registry's analysis (docs/analyses.md §12).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "hp-core-private.h"
#include "hp-critical-path-private.h"
#include "hp-linked-events.h"

/**
 * hp_critical_path_options_init:
 * @options: options to initialise
 *
 * The defaults: the default region, no zero-weight launch edges, no
 * data-loading events.
 */
void
hp_critical_path_options_init (HpCriticalPathOptions *options)
{
  memset (options, 0, sizeof *options);
  options->annotation = NULL;
  options->instance_first = 0;
  options->instance_last = 0;
}

/**
 * hp_critical_path_new:
 * @trace: a trace
 * @rank: one of its ranks
 * @options: the region and the switches
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Builds the critical-path graph of @rank over the region of @options and
 * its longest path (docs/analyses.md §12). A graph HTA would reject (a sync
 * within one stream, a cycle) is returned with hp_critical_path_is_valid()
 * %FALSE and no path. What cannot be linked (a kernel whose launch is not
 * in the region, ...) is counted by hp_critical_path_get_n_unlinked().
 *
 * Returns: (transfer full) (nullable): the graph, or %NULL with @error set
 *   when the region does not exist or on cancellation
 */
HpCriticalPath *
hp_critical_path_new (HpTrace                     *trace,
                      const HpRank                *rank,
                      const HpCriticalPathOptions *options,
                      GCancellable                *cancellable,
                      GError                     **error)
{
  return _hp_critical_path_new_cached (trace, rank, options, NULL, cancellable, error);
}

/* as hp_critical_path_new(), keeping what depends on the whole rank in
 * @cache for the next region of the same rank */
HpCriticalPath *
_hp_critical_path_new_cached (HpTrace                     *trace,
                              const HpRank                *rank,
                              const HpCriticalPathOptions *options,
                              HpCpRankCache               *cache,
                              GCancellable                *cancellable,
                              GError                     **error)
{
  HpCriticalPath       *self;
  HpCriticalPathOptions defaults;

  g_return_val_if_fail (trace != NULL && rank != NULL, NULL);

  if (options == NULL)
    {
      hp_critical_path_options_init (&defaults);
      options = &defaults;
    }

  self = g_new0 (HpCriticalPath, 1);
  self->trace = hp_trace_ref (trace);
  self->rank = rank;
  self->cache = cache;
  self->last_node = -1;
  self->compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  self->zero_weight_launch_edges = options->zero_weight_launch_edges;
  self->data_load_events = g_strdupv ((char **)options->data_load_events);
  if (self->data_load_events != NULL)
    {
      guint n = g_strv_length (self->data_load_events);

      self->data_load_regex = g_new0 (GRegex *, n + 1);
      for (guint i = 0; i < n; i++)
        {
          /* HTA searches the short name with the pattern as a regular
           * expression; a pattern that is not one matches literally */
          self->data_load_regex[i] = g_regex_new (self->data_load_events[i], G_REGEX_OPTIMIZE, 0, NULL);
          if (self->data_load_regex[i] == NULL)
            {
              g_autofree char *escaped = g_regex_escape_string (self->data_load_events[i], -1);

              self->data_load_regex[i] = g_regex_new (escaped, 0, 0, NULL);
            }
        }
    }

  if (!_hp_critical_path_build (self, options, cancellable, error))
    {
      hp_critical_path_free (self);
      return NULL;
    }
  self->valid = _hp_critical_path_validate (self);
  if (self->valid)
    _hp_critical_path_find_path (self);
  else
    {
      self->path = g_array_new (FALSE, FALSE, sizeof (guint32));
      self->path_edges = g_array_new (FALSE, FALSE, sizeof (guint32));
      self->critical = g_new0 (guint8, MAX (rank->n_events, 1));
    }
  return self;
}

void
hp_critical_path_free (HpCriticalPath *self)
{
  if (self == NULL)
    return;
  if (self->data_load_regex != NULL)
    for (guint i = 0; self->data_load_regex[i] != NULL; i++)
      g_regex_unref (self->data_load_regex[i]);
  g_free (self->data_load_regex);
  g_strfreev (self->data_load_events);
  g_free (self->region);
  g_free (self->in_region);
  g_free (self->start_node);
  g_free (self->end_node);
  g_clear_pointer (&self->nodes, g_array_unref);
  g_clear_pointer (&self->edges, g_array_unref);
  _hp_cp_edge_map_clear (&self->edge_ids);
  g_free (self->problem);
  g_clear_pointer (&self->path, g_array_unref);
  g_clear_pointer (&self->path_edges, g_array_unref);
  g_free (self->dist_to);
  g_free (self->dist_from);
  g_free (self->critical);
  g_clear_pointer (&self->trace, hp_trace_unref);
  g_free (self);
}

/* ---------------------------------------------------------------------------
 * Lookups
 * ------------------------------------------------------------------------- */

const HpRank *
hp_critical_path_get_rank (HpCriticalPath *self)
{
  return self->rank;
}

/**
 * hp_critical_path_get_region:
 * @self: a critical path
 *
 * Returns: the region for people: the annotation's name, or "the whole trace"
 */
const char *
hp_critical_path_get_region (HpCriticalPath *self)
{
  return self->region;
}

gint64
hp_critical_path_get_region_start (HpCriticalPath *self)
{
  return self->start;
}

gint64
hp_critical_path_get_region_end (HpCriticalPath *self)
{
  return self->end;
}

gboolean
hp_critical_path_is_valid (HpCriticalPath *self)
{
  return self->valid;
}

/**
 * hp_critical_path_get_problem:
 * @self: a critical path
 *
 * Returns: (nullable): why the graph is not valid, or %NULL
 */
const char *
hp_critical_path_get_problem (HpCriticalPath *self)
{
  return self->problem;
}

/**
 * hp_critical_path_get_n_unlinked:
 * @self: a critical path
 *
 * Returns: how many links could not be made: GPU work whose launch is not
 *   in the region or not in the trace, synchronisations within one stream
 */
guint
hp_critical_path_get_n_unlinked (HpCriticalPath *self)
{
  return self->n_unlinked;
}

const HpCpNode *
hp_critical_path_get_nodes (HpCriticalPath *self,
                            guint          *n_nodes)
{
  *n_nodes = self->nodes->len;
  return (const HpCpNode *)(gpointer)self->nodes->data;
}

const HpCpEdge *
hp_critical_path_get_edges (HpCriticalPath *self,
                            guint          *n_edges)
{
  *n_edges = self->edges->len;
  return (const HpCpEdge *)(gpointer)self->edges->data;
}

/**
 * hp_critical_path_get_path:
 * @self: a critical path
 * @n_nodes: (out): the number of node ids
 *
 * Returns: (array length=n_nodes): the path's node ids, in time order
 */
const guint32 *
hp_critical_path_get_path (HpCriticalPath *self,
                           guint          *n_nodes)
{
  *n_nodes = self->path->len;
  return (const guint32 *)(gpointer)self->path->data;
}

/**
 * hp_critical_path_get_path_edges:
 * @self: a critical path
 * @n_edges: (out): the number of edge ids
 *
 * Returns: (array length=n_edges): the ids of the edges between the path's
 *   consecutive nodes
 */
const guint32 *
hp_critical_path_get_path_edges (HpCriticalPath *self,
                                 guint          *n_edges)
{
  *n_edges = self->path_edges->len;
  return (const guint32 *)(gpointer)self->path_edges->data;
}

/**
 * hp_critical_path_get_length:
 * @self: a critical path
 *
 * Returns: the path's length (the sum of its graph weights), ns
 */
gint64
hp_critical_path_get_length (HpCriticalPath *self)
{
  return self->length;
}

gboolean
hp_critical_path_event_is_critical (HpCriticalPath *self,
                                    guint           event)
{
  g_return_val_if_fail (event < self->rank->n_events, FALSE);
  return self->critical[event];
}

static gint64
node_slack (HpCriticalPath *self,
            gint32          node)
{
  return MAX (0, self->length - self->dist_to[node] - self->dist_from[node]);
}

/**
 * hp_critical_path_get_slack:
 * @self: a critical path
 * @event: an event position in the rank
 *
 * How much longer @event could take before the region's path gets longer:
 * the path length minus the longest path through the event; 0 on the path.
 *
 * Returns: ns, or -1 when @event is not in the graph
 */
gint64
hp_critical_path_get_slack (HpCriticalPath *self,
                            guint           event)
{
  gint32 s, t;

  g_return_val_if_fail (event < self->rank->n_events, -1);
  s = self->start_node[event];
  t = self->end_node[event];
  if (s < 0 || t < 0 || !self->valid)
    return -1;
  if (self->critical[event])
    {
      /* on the path when both its nodes are */
      if (node_slack (self, s) == 0 && node_slack (self, t) == 0)
        return 0;
    }
  return MAX (node_slack (self, s), node_slack (self, t));
}

/**
 * hp_critical_path_get_event_edges:
 * @self: a critical path
 * @event: an event position in the rank
 * @incoming: the edges into the event's nodes, else out of them
 * @n_edges: (out): their number
 *
 * The edges between @event and other events (its own span excluded), in
 * insertion order.
 *
 * Returns: (transfer full) (array length=n_edges) (nullable): edge ids
 */
guint *
hp_critical_path_get_event_edges (HpCriticalPath *self,
                                  guint           event,
                                  gboolean        incoming,
                                  guint          *n_edges)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (event < self->rank->n_events, NULL);
  for (guint i = 0; i < self->edges->len; i++)
    {
      const HpCpEdge *e = &g_array_index (self->edges, HpCpEdge, i);
      guint           src = g_array_index (self->nodes, HpCpNode, e->src).event;
      guint           dst = g_array_index (self->nodes, HpCpNode, e->dst).event;

      if (src == dst)
        continue;
      if ((incoming && dst == event) || (!incoming && src == event))
        g_array_append_val (ids, i);
    }
  *n_edges = ids->len;
  return (guint *)(gpointer)g_array_free (ids, FALSE);
}

/* ---------------------------------------------------------------------------
 * The analysis of the registry
 * ------------------------------------------------------------------------- */

/* the region of the step parameter (-1: the default, -2: the whole trace) */
static char *
step_annotation (const HpAnalysisParams *params)
{
  int step = hp_analysis_params_get_int (params, &hp_critical_path_step_spec);

  if (step == -2)
    return g_strdup ("");
  if (step >= 0)
    return g_strdup_printf ("ProfilerStep#%d", step);
  return NULL;
}

/* the switches the parameters set, beside the region: the data-loading
 * events and the weight-0 launch edges */
static void
params_options (const HpAnalysisParams *params,
                HpCriticalPathOptions  *options)
{
  const char *const *data_load = hp_analysis_params_get_strv (params, &hp_critical_path_data_load_events_spec);

  hp_critical_path_options_init (options);
  options->data_load_events = data_load != NULL && data_load[0] != NULL ? data_load : NULL;
  options->zero_weight_launch_edges =
      hp_analysis_params_get_boolean (params, &hp_critical_path_zero_weight_launch_edges_spec);
}

/* whether the parameters leave the switches at their defaults */
static gboolean
params_options_default (const HpAnalysisParams *params)
{
  HpCriticalPathOptions options;

  params_options (params, &options);
  return options.data_load_events == NULL && !options.zero_weight_launch_edges;
}

/* the rank the parameters analyse: critical_path_rank, else the first of
 * the selected ranks */
static const HpRank *
params_rank (HpTrace                *trace,
             const HpAnalysisParams *params,
             GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  const HpRank *rank;
  int           wanted = hp_analysis_params_get_int (params, &hp_critical_path_rank_spec);

  if (wanted >= 0)
    {
      rank = hp_trace_find_rank (trace, wanted);
      if (rank == NULL)
        g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER, _ ("There is no rank %d"),
                     wanted);
      return rank;
    }
  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return NULL;
  if (ranks->len == 0)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, _ ("No rank to analyse"));
      return NULL;
    }
  return g_ptr_array_index (ranks, 0);
}

/**
 * hp_critical_path_across_ranks_compute:
 * @trace: a trace
 * @params: `ranks` (the path is made of every rank, once two are
 *   selected), `critical_path_data_load_events` and
 *   `critical_path_zero_weight_launch_edges`
 * @tables: (element-type HpTable): where the tables go
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The path across ranks of hp_critical_path_ranks(): with several ranks
 * selected, appends `critical_path_ranks` and
 * `critical_path_ranks_breakdown`; with one, nothing. They are made once
 * per trace, and shared by every analysis that asks. It reads neither
 * `critical_path_rank` nor `critical_path_step`, so the views that name the
 * rank on it (the findings) do not change with the rank the Critical path
 * tab shows.
 *
 * Returns: %TRUE on success
 */
/* how many times the path across ranks was made (a test reads it) */
static guint n_across_ranks_computed;

guint
_hp_critical_path_across_ranks_n_computed (void)
{
  return g_atomic_int_get (&n_across_ranks_computed);
}

static GPtrArray *
across_ranks_tables_with (HpTrace                     *trace,
                          const HpCriticalPathOptions *options,
                          GCancellable                *cancellable,
                          GError                     **error)
{
  HpTable   *parts = NULL;
  HpTable   *ranks_table;
  GPtrArray *tables;

  g_atomic_int_inc (&n_across_ranks_computed);
  ranks_table = hp_critical_path_ranks (trace, options, &parts, cancellable, error);
  if (ranks_table == NULL)
    return NULL;
  tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  g_ptr_array_add (tables, ranks_table);
  g_ptr_array_add (tables, parts);
  return tables;
}

/* with the default switches: what the trace keeps once */
static GPtrArray *
across_ranks_tables (HpTrace      *trace,
                     GCancellable *cancellable,
                     GError      **error)
{
  HpCriticalPathOptions options;

  hp_critical_path_options_init (&options);
  return across_ranks_tables_with (trace, &options, cancellable, error);
}

gboolean
hp_critical_path_across_ranks_compute (HpTrace                *trace,
                                       const HpAnalysisParams *params,
                                       GPtrArray              *tables,
                                       GCancellable           *cancellable,
                                       GError                **error)
{
  g_autoptr (GPtrArray) ranks = hp_analysis_select_ranks (trace, params, NULL);
  g_autoptr (GPtrArray) made = NULL;

  if (ranks == NULL || ranks->len < 2)
    return TRUE;
  /* made once per trace with the default switches: the critical path at
   * every rank asks for it too, and the findings with it; other switches
   * make their own */
  if (params_options_default (params))
    made = _hp_trace_memo_tables (trace, &n_across_ranks_computed, across_ranks_tables, cancellable, error);
  else
    {
      HpCriticalPathOptions options;

      params_options (params, &options);
      made = across_ranks_tables_with (trace, &options, cancellable, error);
    }
  if (made == NULL)
    return FALSE;
  for (guint i = 0; i < made->len; i++)
    g_ptr_array_add (tables, hp_table_ref (made->pdata[i]));
  return TRUE;
}

/**
 * hp_critical_path_compute:
 * @trace: a trace
 * @params: `critical_path_rank` and `critical_path_step`; with no rank
 *   chosen, the first selected rank; the switches
 *   `critical_path_data_load_events` and
 *   `critical_path_zero_weight_launch_edges`
 * @tables: (element-type HpTable): where the tables go
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The critical path of the chosen rank over the chosen step (by default
 * the first complete step): appends `critical_path_summary` and
 * `critical_path_breakdown`; with no rank chosen and several ranks, also
 * the path across ranks of hp_critical_path_ranks() (`critical_path_ranks`,
 * `critical_path_ranks_breakdown`).
 *
 * Returns: %TRUE on success
 */
gboolean
hp_critical_path_compute (HpTrace                *trace,
                          const HpAnalysisParams *params,
                          GPtrArray              *tables,
                          GCancellable           *cancellable,
                          GError                **error)
{
  g_autofree char      *annotation = step_annotation (params);
  HpCriticalPathOptions options;
  const HpRank         *rank = params_rank (trace, params, error);
  HpCriticalPath       *cp;

  if (rank == NULL)
    return FALSE;
  params_options (params, &options);
  options.annotation = annotation;
  cp = hp_critical_path_new (trace, rank, &options, cancellable, error);
  if (cp == NULL)
    return FALSE;
  if (!cp->valid)
    {
      g_set_error_literal (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, cp->problem);
      hp_critical_path_free (cp);
      return FALSE;
    }
  g_ptr_array_add (tables, hp_critical_path_summary (cp));
  g_ptr_array_add (tables, hp_critical_path_breakdown (cp));
  hp_critical_path_free (cp);
  if (hp_analysis_params_get_int (params, &hp_critical_path_rank_spec) < 0)
    return hp_critical_path_across_ranks_compute (trace, params, tables, cancellable, error);
  return TRUE;
}

/**
 * hp_critical_path_new_for_params:
 * @trace: a trace
 * @params: `critical_path_rank` and `critical_path_step`, as
 *   hp_critical_path_compute() reads them
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The path hp_critical_path_compute() tabulates, for the views that draw
 * it or walk it.
 *
 * Returns: (transfer full) (nullable): the path, or %NULL with @error set
 */
HpCriticalPath *
hp_critical_path_new_for_params (HpTrace                *trace,
                                 const HpAnalysisParams *params,
                                 GCancellable           *cancellable,
                                 GError                **error)
{
  g_autofree char      *annotation = step_annotation (params);
  HpCriticalPathOptions options;
  const HpRank         *rank = params_rank (trace, params, error);

  if (rank == NULL)
    return NULL;
  params_options (params, &options);
  options.annotation = annotation;
  return hp_critical_path_new (trace, rank, &options, cancellable, error);
}

/**
 * hp_critical_path_row_events:
 * @trace: the trace the table was computed from
 * @breakdown: a `critical_path_breakdown` table
 * @row: one of its rows
 * @params: the parameters it was computed with (which rank)
 *
 * The event a stretch of the path is charged to.
 *
 * Returns: (transfer full) (nullable): the event, or %NULL when the row
 *   stands for none (a dependency)
 */
HpLinkedEvents *
hp_critical_path_row_events (HpTrace                *trace,
                             HpTable                *breakdown,
                             guint                   row,
                             const HpAnalysisParams *params)
{
  const HpRank   *r = params_rank (trace, params, NULL);
  int             c = hp_table_find_column (breakdown, "index");
  HpLinkedEvents *linked;
  gint64          index;
  guint32         e;

  if (r == NULL || c < 0 || row >= hp_table_get_n_rows (breakdown) || hp_table_is_null (breakdown, row, (guint)c))
    return NULL;
  index = hp_table_get_int (breakdown, row, (guint)c);
  for (e = 0; e < r->n_events && r->index[e] != index; e++)
    ;
  if (e == r->n_events)
    return NULL;
  linked = g_new0 (HpLinkedEvents, 1);
  linked->rank = r->rank;
  linked->events = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (linked->events, e);
  linked->focus = HP_LINKED_FOCUS_ONE;
  /* Translators: an event's name, then its rank */
  linked->description = g_strdup_printf (_ ("%s on the critical path of rank %d"),
                                         r->name[e] != HP_NO_STRING ? hp_trace_get_string (trace, r->name[e]) : "?",
                                         r->rank);
  return linked;
}

/* its parameters, kept in the parameters' bag: the rank (-1: the first,
 * and the path across ranks with several) and the step (-1: the first
 * complete one, -2: the whole trace, else ProfilerStep#N) */
const HpParamSpec hp_critical_path_rank_spec = { "critical_path_rank", HP_PARAM_INT, HP_PARAM_IN_BAG, -1, -1, G_MAXINT, NULL, N_ ("Rank"), "Critical path: the rank, or -1 for the first and the path across ranks (-1)", "N", N_ ("The rank whose critical path is shown; −1 for the first rank, with the path across ranks") };
const HpParamSpec hp_critical_path_step_spec = { "critical_path_step", HP_PARAM_INT, HP_PARAM_IN_BAG, -1, -2, G_MAXINT, NULL, N_ ("Step"), "Critical path: ProfilerStep#N, -1 for the first complete step, -2 for the whole trace (-1)", "N", N_ ("The profiler step whose critical path is found; −1 for the first complete step, −2 for the whole trace") };

/* the switches of HTA's graph, for the path of one rank and across ranks:
 * name parts of the data-loading events (none by default), and a weight-0
 * launch edge for every kernel that got none (HTA's
 * CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE, off by default) */
const HpParamSpec hp_critical_path_data_load_events_spec = { "critical_path_data_load_events", HP_PARAM_STRING_LIST, HP_PARAM_IN_BAG, 0, 0, 0, NULL, N_ ("Data-loading events"), "Critical path: comma-separated name parts of data-loading events (none)", "LIST", N_ ("Events whose name holds one of these parts load data; separated by commas") };
const HpParamSpec hp_critical_path_zero_weight_launch_edges_spec = { "critical_path_zero_weight_launch_edges", HP_PARAM_BOOLEAN, HP_PARAM_IN_BAG, FALSE, 0, 1, NULL, N_ ("Zero-weight launch edges"), "Critical path: link every kernel without a launch edge to its launch with a weight-0 edge (false)", "BOOL", N_ ("Link every kernel that got no launch edge to its launch with an edge of weight 0") };

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_critical_path_analysis = {
  .name = HP_CRITICAL_PATH_ANALYSIS,
  .title = N_ ("Critical path"),
  .section = "§12",
  .func = hp_critical_path_compute,
  .in_default_set = FALSE,
  .cost = 3,
  .row_events = hp_critical_path_row_events,
  .row_events_tables = 0x2,
  .tables = HP_STRV (HP_CRITICAL_PATH_SUMMARY_TABLE, HP_CRITICAL_PATH_BREAKDOWN_TABLE, HP_CRITICAL_PATH_RANKS_TABLE, HP_CRITICAL_PATH_RANKS_BREAKDOWN_TABLE),
  .specs = (const HpParamSpec *const[]){ &hp_critical_path_rank_spec, &hp_critical_path_step_spec, &hp_critical_path_data_load_events_spec, &hp_critical_path_zero_weight_launch_edges_spec, NULL },
};

/* the path across ranks alone (hp-analysis-registry.c keeps it out of the
 * list): the findings read it, whatever rank the Critical path tab shows */
const HpAnalysis hp_critical_path_across_ranks_analysis = {
  .name = HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS,
  .title = N_ ("Critical path across ranks"),
  .section = "§12",
  .func = hp_critical_path_across_ranks_compute,
  .in_default_set = FALSE,
  .cost = 3,
  .tables = HP_STRV (HP_CRITICAL_PATH_RANKS_TABLE, HP_CRITICAL_PATH_RANKS_BREAKDOWN_TABLE),
  .specs = (const HpParamSpec *const[]){ &hp_critical_path_data_load_events_spec, &hp_critical_path_zero_weight_launch_edges_spec, NULL },
};
