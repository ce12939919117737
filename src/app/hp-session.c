/* hp-session.c — one opened trace: its analyses, their parameters and results.
 *
 * The session is what the panels of one trace page share. It owns the
 * immutable trace, the analysis parameters (started from the settings),
 * the selected rank, and a cache of analysis results keyed by analysis
 * name. Analyses run in worker threads through hp_analysis_compute_async();
 * results come back on the main thread as "analysis-finished". A parameter
 * change drops the results it affects and computes them again. No widget
 * is involved, so the tests can drive a session alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hp-core.h"
#include "hp-session-private.h"
#include "hp-settings.h"

/* results kept for other parameter values, at the most */
#define MEMO_MAX 32

typedef struct
{
  HpAnalysisState state;
  HpResult       *result; /* when DONE */
  GError         *error;  /* when FAILED */
  GCancellable   *cancellable;
  guint           generation;
} Entry;

typedef struct
{
  GWeakRef session;
  char    *name;
  guint    generation;
} RunData;

struct _HpSession
{
  GObject parent_instance;

  HpRun           *run;
  HpTrace         *trace;        /* the run's */
  HpScope         *scope;        /* NULL: the whole trace */
  HpTrace         *scoped_trace; /* what the analyses run on; NULL if the scope failed */
  GError          *scope_error;
  HpTimeSpan       selected_range;
  GArray          *selected_lanes; /* HpLaneRef of a selected area; empty: every lane */
  HpTimeSpan       visible_window;
  int              selected_event_rank; /* -1: no event selected */
  gint64           selected_event;
  int              hovered_event_rank; /* -1: no event under the pointer */
  gint64           hovered_event;
  gint64           hovered_time; /* HP_SESSION_NO_TIME: the pointer is off the timeline */
  HpLinkedEvents  *highlights;   /* NULL: none */
  GHashTable      *scope_cache;
  guint            n_runs; /* HpScope → GHashTable of name → Entry, for scopes seen before */
  GSettings       *settings;
  HpAnalysisParams params;
  int              selected_rank;
  GHashTable      *entries;   /* name → Entry */
  GHashTable      *memo;      /* params_key() → HpResult, of other parameter values */
  GHashTable      *overrides; /* name → const HpAnalysis *, for tests */
};

enum
{
  PROP_0,
  PROP_RUN,
  PROP_TRACE,
  PROP_SETTINGS,
  PROP_SELECTED_RANK,
  PROP_SCOPE,
  PROP_SELECTED_RANGE,
  PROP_VISIBLE_WINDOW,
  PROP_HIGHLIGHTS,
  PROP_HOVERED_TIME,
  N_PROPS
};

enum
{
  ANALYSIS_STARTED,
  ANALYSIS_FINISHED,
  PARAMS_CHANGED,
  SELECTED_EVENT_CHANGED,
  HOVERED_EVENT_CHANGED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (HpSession, hp_session, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

static void
entry_reset (Entry *entry)
{
  if (entry->cancellable != NULL)
    g_cancellable_cancel (entry->cancellable);
  g_clear_object (&entry->cancellable);
  g_clear_pointer (&entry->result, hp_result_unref);
  g_clear_error (&entry->error);
  entry->state = HP_ANALYSIS_STATE_NONE;
  /* a result still on its way belongs to an older generation */
  entry->generation++;
}

static GPtrArray *
entry_tables (Entry *entry)
{
  return entry->result != NULL ? hp_result_get_tables (entry->result) : NULL;
}

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  entry_reset (entry);
  g_free (entry);
}

static void
run_data_free (RunData *data)
{
  g_weak_ref_clear (&data->session);
  g_free (data->name);
  g_free (data);
}

/* An event of the trace (selected, hovered), or none: both fields -1.
 * Returns whether it changed. */
static gboolean
set_event (HpSession *self,
           int       *rank_field,
           gint64    *event_field,
           int        rank,
           gint64     event)
{
  const HpRank *r = event >= 0 ? hp_trace_find_rank (self->trace, rank) : NULL;

  if (r == NULL || event >= r->n_events)
    rank = -1, event = -1;
  if (rank == *rank_field && event == *event_field)
    return FALSE;
  *rank_field = rank;
  *event_field = event;
  return TRUE;
}

static gboolean
get_event (int     rank_field,
           gint64  event_field,
           int    *rank,
           gint64 *event)
{
  if (rank != NULL)
    *rank = rank_field;
  if (event != NULL)
    *event = event_field;
  return event_field >= 0;
}

/* the other name of the same analysis: its registry name for one of its
 * aliases (HpAnalysis.aliases), its first alias for its registry name */
static const char *
alias_of (const char *name)
{
  guint                    n;
  const HpAnalysis *const *list = hp_analysis_list (&n);

  for (guint i = 0; i < n; i++)
    {
      if (list[i]->aliases == NULL)
        continue;
      if (g_str_equal (list[i]->name, name))
        return list[i]->aliases[0];
      if (g_strv_contains (list[i]->aliases, name))
        return list[i]->name;
    }
  return NULL;
}

static const HpAnalysis *
find_analysis (HpSession  *self,
               const char *name)
{
  const char       *alias = alias_of (name);
  const HpAnalysis *analysis = NULL;

  if (self->overrides != NULL)
    {
      analysis = g_hash_table_lookup (self->overrides, name);
      if (analysis == NULL && alias != NULL)
        analysis = g_hash_table_lookup (self->overrides, alias);
    }
  if (analysis == NULL)
    analysis = hp_analysis_find (name);
  if (analysis == NULL && alias != NULL)
    analysis = hp_analysis_find (alias);
  return analysis;
}

static void
run_cb (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  RunData *data = user_data;
  g_autoptr (HpSession) self = g_weak_ref_get (&data->session);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpResult) computed = hp_analysis_compute_finish (result, &error);
  Entry *entry;

  if (self == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    goto out;
  entry = g_hash_table_lookup (self->entries, data->name);
  if (entry == NULL || entry->generation != data->generation)
    goto out;

  g_clear_object (&entry->cancellable);
  if (computed != NULL)
    {
      entry->state = HP_ANALYSIS_STATE_DONE;
      entry->result = g_steal_pointer (&computed);
    }
  else
    {
      entry->state = HP_ANALYSIS_STATE_FAILED;
      entry->error = g_steal_pointer (&error);
    }
  g_signal_emit (self, signals[ANALYSIS_FINISHED], 0, data->name, entry_tables (entry), entry->error);

out:
  run_data_free (data);
}

/* The analysis and the values of the parameters it reads: results made
 * with other values stay in the memo, so going back to them (another rank
 * or step of the critical path, say) takes no time. */
static char *
params_key (const HpAnalysis       *analysis,
            const HpAnalysisParams *params)
{
  GString         *key = g_string_new (analysis->name);
  g_autofree char *ranks = hp_param_to_string (hp_param_spec_find ("ranks"), params);

  g_string_append_printf (key, "|ranks=%s", ranks);
  for (guint i = 0; analysis->params != NULL && analysis->params[i] != NULL; i++)
    {
      const HpParamSpec *spec = hp_param_spec_find (analysis->params[i]);
      g_autofree char   *value = spec != NULL ? hp_param_to_string (spec, params) : NULL;

      g_string_append_printf (key, "|%s=%s", analysis->params[i], value != NULL ? value : "");
    }
  return g_string_free (key, FALSE);
}

static void
start_entry (HpSession  *self,
             const char *name)
{
  const HpAnalysis *analysis = find_analysis (self, name);
  Entry            *entry = g_hash_table_lookup (self->entries, name);
  RunData          *data;

  if (entry == NULL)
    {
      entry = g_new0 (Entry, 1);
      g_hash_table_insert (self->entries, g_strdup (name), entry);
    }
  entry_reset (entry);

  if (analysis == NULL || self->scoped_trace == NULL)
    {
      entry->state = HP_ANALYSIS_STATE_FAILED;
      if (analysis == NULL)
        entry->error = g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                    _ ("This analysis is not available in this version of Hotpath"));
      else
        entry->error = g_error_copy (self->scope_error);
      g_signal_emit (self, signals[ANALYSIS_FINISHED], 0, name, NULL, entry->error);
      return;
    }

  /* made before with these parameters */
  {
    g_autofree char *key = params_key (analysis, &self->params);
    HpResult        *memo = g_hash_table_lookup (self->memo, key);

    if (memo != NULL)
      {
        entry->state = HP_ANALYSIS_STATE_DONE;
        entry->result = hp_result_ref (memo);
        g_signal_emit (self, signals[ANALYSIS_FINISHED], 0, name, entry_tables (entry), NULL);
        return;
      }
  }

  /* unique across scopes: a result of a scope left behind never matches */
  entry->generation = ++self->n_runs;
  entry->state = HP_ANALYSIS_STATE_RUNNING;
  entry->cancellable = g_cancellable_new ();
  data = g_new0 (RunData, 1);
  g_weak_ref_init (&data->session, self);
  data->name = g_strdup (name);
  data->generation = entry->generation;
  hp_analysis_compute_async (analysis, self->scoped_trace, &self->params, entry->cancellable, run_cb, data);
  g_signal_emit (self, signals[ANALYSIS_STARTED], 0, name);
}

static void
hp_session_constructed (GObject *object)
{
  HpSession *self = HP_SESSION (object);

  G_OBJECT_CLASS (hp_session_parent_class)->constructed (object);

  if (self->run == NULL)
    {
      g_assert (self->trace != NULL);
      self->run = hp_run_new (self->trace, NULL, NULL, 0);
    }
  else if (self->trace == NULL)
    self->trace = hp_trace_ref (hp_run_get_trace (self->run));
  g_assert (self->trace == hp_run_get_trace (self->run));
  self->scoped_trace = hp_trace_ref (self->trace);
  hp_settings_load_params (self->settings, &self->params);
}

static void
hp_session_dispose (GObject *object)
{
  HpSession *self = HP_SESSION (object);

  hp_session_cancel (self);
  g_hash_table_remove_all (self->entries);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (hp_session_parent_class)->dispose (object);
}

static void
hp_session_finalize (GObject *object)
{
  HpSession *self = HP_SESSION (object);

  g_clear_pointer (&self->entries, g_hash_table_unref);
  g_clear_pointer (&self->scope_cache, g_hash_table_unref);
  g_clear_pointer (&self->memo, g_hash_table_unref);
  g_clear_pointer (&self->overrides, g_hash_table_unref);
  g_clear_pointer (&self->scoped_trace, hp_trace_unref);
  g_clear_pointer (&self->scope, hp_scope_unref);
  g_clear_error (&self->scope_error);
  g_clear_pointer (&self->highlights, hp_linked_events_free);
  g_clear_pointer (&self->selected_lanes, g_array_unref);
  g_clear_pointer (&self->trace, hp_trace_unref);
  g_clear_object (&self->run);
  hp_analysis_params_clear (&self->params);

  G_OBJECT_CLASS (hp_session_parent_class)->finalize (object);
}

static void
hp_session_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  HpSession *self = HP_SESSION (object);

  switch (prop_id)
    {
    case PROP_RUN:
      g_value_set_object (value, self->run);
      break;
    case PROP_TRACE:
      g_value_set_boxed (value, self->trace);
      break;
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_SELECTED_RANK:
      g_value_set_int (value, self->selected_rank);
      break;
    case PROP_SCOPE:
      g_value_set_boxed (value, self->scope);
      break;
    case PROP_SELECTED_RANGE:
      g_value_set_boxed (value, &self->selected_range);
      break;
    case PROP_VISIBLE_WINDOW:
      g_value_set_boxed (value, &self->visible_window);
      break;
    case PROP_HIGHLIGHTS:
      g_value_set_boxed (value, self->highlights);
      break;
    case PROP_HOVERED_TIME:
      g_value_set_int64 (value, self->hovered_time);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_session_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  HpSession *self = HP_SESSION (object);

  switch (prop_id)
    {
    case PROP_RUN:
      self->run = g_value_dup_object (value);
      break;
    case PROP_TRACE:
      self->trace = g_value_dup_boxed (value);
      break;
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_SELECTED_RANK:
      hp_session_set_selected_rank (self, g_value_get_int (value));
      break;
    case PROP_SCOPE:
      hp_session_set_scope (self, g_value_get_boxed (value));
      break;
    case PROP_SELECTED_RANGE:
      {
        const HpTimeSpan *span = g_value_get_boxed (value);

        hp_session_set_selected_range (self, span != NULL ? *span : hp_time_span_make (0, 0));
      }
      break;
    case PROP_VISIBLE_WINDOW:
      {
        const HpTimeSpan *span = g_value_get_boxed (value);

        hp_session_set_visible_window (self, span != NULL ? *span : hp_time_span_make (0, 0));
      }
      break;
    case PROP_HIGHLIGHTS:
      hp_session_set_highlights (self, g_value_get_boxed (value));
      break;
    case PROP_HOVERED_TIME:
      hp_session_set_hovered_time (self, g_value_get_int64 (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_session_class_init (HpSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = hp_session_constructed;
  object_class->dispose = hp_session_dispose;
  object_class->finalize = hp_session_finalize;
  object_class->get_property = hp_session_get_property;
  object_class->set_property = hp_session_set_property;

  /**
   * HpSession:run:
   *
   * The run the session shows: its trace, label and colour. Made from
   * #HpSession:trace when only that is given.
   */
  properties[PROP_RUN] =
      g_param_spec_object ("run", NULL, NULL, HP_TYPE_RUN,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TRACE] =
      g_param_spec_boxed ("trace", NULL, NULL, hp_trace_get_type (),
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * HpSession:settings:
   *
   * Where the analysis defaults come from and where changed ones are kept;
   * %NULL for HTA's defaults.
   */
  properties[PROP_SETTINGS] =
      g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * HpSession:selected-rank:
   *
   * The rank whose rows the tables show, or -1 for every rank.
   */
  properties[PROP_SELECTED_RANK] =
      g_param_spec_int ("selected-rank", NULL, NULL, -1, G_MAXINT, -1,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpSession:scope:
   *
   * The part of the trace every analysis looks at: %NULL for the whole
   * trace, or a range, a step or an annotation (hp-scope.h).
   */
  properties[PROP_SCOPE] =
      g_param_spec_boxed ("scope", NULL, NULL, HP_TYPE_SCOPE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpSession:selected-range:
   *
   * The time range selected on the timeline (empty for none), the one
   * source of truth the scope bar and the panels read.
   */
  properties[PROP_SELECTED_RANGE] =
      g_param_spec_boxed ("selected-range", NULL, NULL, HP_TYPE_TIME_SPAN,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpSession:visible-window:
   *
   * The time the timeline shows (empty until it has been laid out); the
   * timeline follows it and writes it as the user zooms and pans.
   */
  properties[PROP_VISIBLE_WINDOW] =
      g_param_spec_boxed ("visible-window", NULL, NULL, HP_TYPE_TIME_SPAN,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpSession:highlights:
   *
   * The events a table row stands for (linked views), or %NULL: the
   * timeline highlights them and steps through them.
   */
  properties[PROP_HIGHLIGHTS] =
      g_param_spec_boxed ("highlights", NULL, NULL, HP_TYPE_LINKED_EVENTS,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpSession:hovered-time:
   *
   * The trace time under the pointer on the timeline, ns, or
   * %HP_SESSION_NO_TIME when the pointer is elsewhere.
   */
  properties[PROP_HOVERED_TIME] =
      g_param_spec_int64 ("hovered-time", NULL, NULL, G_MININT64, G_MAXINT64, HP_SESSION_NO_TIME,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HpSession::selected-event-changed:
   *
   * hp_session_set_selected_event() selected another event, or none.
   */
  signals[SELECTED_EVENT_CHANGED] =
      g_signal_new ("selected-event-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 0);
  /**
   * HpSession::hovered-event-changed:
   *
   * hp_session_set_hovered_event() put another event, or none, under the
   * pointer.
   */
  signals[HOVERED_EVENT_CHANGED] =
      g_signal_new ("hovered-event-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 0);

  /**
   * HpSession::analysis-started:
   * @name: the analysis
   *
   * A worker started computing @name.
   */
  signals[ANALYSIS_STARTED] =
      g_signal_new ("analysis-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                    NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
  /**
   * HpSession::analysis-finished:
   * @name: the analysis
   * @tables: (nullable) (element-type HpTable): its tables, or %NULL
   * @error: (nullable): why there are none
   *
   * Emitted on the main thread when @name has results for the current
   * parameters, or failed. Both stay available from
   * hp_session_get_result() until the parameters change.
   */
  signals[ANALYSIS_FINISHED] =
      g_signal_new ("analysis-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                    NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                    G_TYPE_PTR_ARRAY | G_SIGNAL_TYPE_STATIC_SCOPE,
                    G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
  /**
   * HpSession::params-changed:
   *
   * hp_session_set_params() changed something.
   */
  signals[PARAMS_CHANGED] =
      g_signal_new ("params-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 0);
}

static void
hp_session_init (HpSession *self)
{
  self->selected_rank = -1;
  self->selected_event_rank = -1;
  self->selected_event = -1;
  self->hovered_event_rank = -1;
  self->hovered_event = -1;
  self->hovered_time = HP_SESSION_NO_TIME;
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, entry_free);
  self->memo = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)hp_result_unref);
  self->scope_cache = g_hash_table_new_full ((GHashFunc)hp_scope_hash, (GEqualFunc)hp_scope_equal,
                                             (GDestroyNotify)hp_scope_unref, (GDestroyNotify)g_hash_table_unref);
  hp_analysis_params_init (&self->params);
}

/**
 * hp_session_new:
 * @trace: a loaded trace
 * @settings: (nullable): where the analysis defaults are kept
 *
 * Returns: (transfer full): a new session
 */
HpSession *
hp_session_new (HpTrace   *trace,
                GSettings *settings)
{
  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (HP_TYPE_SESSION, "trace", trace, "settings", settings, NULL);
}

HpTrace *
hp_session_get_trace (HpSession *self)
{
  g_return_val_if_fail (HP_IS_SESSION (self), NULL);
  return self->trace;
}

int
hp_session_get_selected_rank (HpSession *self)
{
  g_return_val_if_fail (HP_IS_SESSION (self), -1);
  return self->selected_rank;
}

void
hp_session_set_selected_rank (HpSession *self,
                              int        rank)
{
  g_return_if_fail (HP_IS_SESSION (self));

  rank = MAX (rank, -1);
  if (self->selected_rank == rank)
    return;
  self->selected_rank = rank;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_RANK]);
}

const HpAnalysisParams *
hp_session_get_params (HpSession *self)
{
  g_return_val_if_fail (HP_IS_SESSION (self), NULL);
  return &self->params;
}

/**
 * hp_session_set_params:
 * @params: the new parameters (copied)
 *
 * Analyses that read a changed parameter lose their results; those that
 * were asked for are computed again in the background.
 */
void
hp_session_set_params (HpSession              *self,
                       const HpAnalysisParams *params)
{
  g_autoptr (GPtrArray) rerun = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter     iter;
  gpointer           key;
  gboolean           changed = FALSE;
  HpAnalysisParams   old;
  guint              n_specs;
  const HpParamSpec *specs = hp_param_spec_list (&n_specs);

  g_return_if_fail (HP_IS_SESSION (self));
  g_return_if_fail (params != NULL);

  for (guint i = 0; i < n_specs && !changed; i++)
    changed = !hp_param_equal (&specs[i], &self->params, params);
  if (!changed)
    return;

  old = self->params;
  hp_analysis_params_copy (&self->params, params);
  hp_settings_save_params (self->settings, &self->params);
  /* results kept for other scopes were made with the old parameters */
  g_hash_table_remove_all (self->scope_cache);

  /* the registry says which parameters each analysis reads */
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      const HpAnalysis *analysis = find_analysis (self, key);

      if (analysis == NULL || hp_analysis_params_affect (analysis, &old, &self->params))
        {
          Entry *entry = g_hash_table_lookup (self->entries, key);

          if (analysis != NULL && entry->state == HP_ANALYSIS_STATE_DONE)
            {
              /* a bound on what a spin button's every value may keep */
              if (g_hash_table_size (self->memo) >= MEMO_MAX)
                g_hash_table_remove_all (self->memo);
              g_hash_table_replace (self->memo, params_key (analysis, &old), hp_result_ref (entry->result));
            }
          g_ptr_array_add (rerun, g_strdup (key));
        }
    }
  hp_analysis_params_clear (&old);

  g_signal_emit (self, signals[PARAMS_CHANGED], 0);
  for (guint i = 0; i < rerun->len; i++)
    start_entry (self, rerun->pdata[i]);
}

/**
 * hp_session_has_analysis:
 *
 * Returns: whether this build knows the analysis @name
 */
gboolean
hp_session_has_analysis (HpSession  *self,
                         const char *name)
{
  g_return_val_if_fail (HP_IS_SESSION (self), FALSE);
  return find_analysis (self, name) != NULL;
}

/**
 * hp_session_run_analysis:
 * @name: an analysis of the registry, such as "kernel_breakdown"
 *
 * Makes sure @name gets computed with the current parameters: nothing
 * happens if its results are cached or on their way; otherwise a worker
 * starts and "analysis-finished" follows. An unknown analysis fails at
 * once with %G_IO_ERROR_NOT_SUPPORTED.
 */
void
hp_session_run_analysis (HpSession  *self,
                         const char *name)
{
  Entry *entry;

  g_return_if_fail (HP_IS_SESSION (self));
  g_return_if_fail (name != NULL);

  entry = g_hash_table_lookup (self->entries, name);
  if (entry != NULL && entry->state != HP_ANALYSIS_STATE_NONE)
    return;
  start_entry (self, name);
}

HpAnalysisState
hp_session_get_analysis_state (HpSession  *self,
                               const char *name)
{
  Entry *entry;

  g_return_val_if_fail (HP_IS_SESSION (self), HP_ANALYSIS_STATE_NONE);

  entry = g_hash_table_lookup (self->entries, name);
  return entry != NULL ? entry->state : HP_ANALYSIS_STATE_NONE;
}

/**
 * hp_session_get_result:
 * @name: an analysis
 * @tables: (out) (optional) (transfer none) (nullable): its tables
 * @error: (out) (optional) (transfer none) (nullable): why it failed
 *
 * Returns: %TRUE when @name finished (done or failed) for the current
 *   parameters
 */
gboolean
hp_session_get_result (HpSession     *self,
                       const char    *name,
                       GPtrArray    **tables,
                       const GError **error)
{
  Entry *entry;

  g_return_val_if_fail (HP_IS_SESSION (self), FALSE);

  entry = g_hash_table_lookup (self->entries, name);
  if (tables != NULL)
    *tables = entry != NULL ? entry_tables (entry) : NULL;
  if (error != NULL)
    *error = entry != NULL ? entry->error : NULL;
  return entry != NULL &&
         (entry->state == HP_ANALYSIS_STATE_DONE || entry->state == HP_ANALYSIS_STATE_FAILED);
}

/**
 * hp_session_cancel:
 *
 * Stops every running analysis; they start again when asked for.
 */
void
hp_session_cancel (HpSession *self)
{
  GHashTableIter iter;
  gpointer       value;

  g_return_if_fail (HP_IS_SESSION (self));

  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Entry *entry = value;

      if (entry->state == HP_ANALYSIS_STATE_RUNNING)
        entry_reset (entry);
    }
}

/**
 * hp_session_cancel_analysis:
 * @name: an analysis
 *
 * Stops @name if it is running; it starts again when asked for.
 */
void
hp_session_cancel_analysis (HpSession  *self,
                            const char *name)
{
  Entry *entry;

  g_return_if_fail (HP_IS_SESSION (self));

  entry = g_hash_table_lookup (self->entries, name);
  if (entry == NULL || entry->state != HP_ANALYSIS_STATE_RUNNING)
    return;
  entry_reset (entry);
  g_signal_emit (self, signals[ANALYSIS_FINISHED], 0, name, NULL, NULL);
}

/* For tests: runs @analysis instead of the registry's analysis of the same
 * name (or alias) from now on. A result already computed, or being
 * computed, by the registry's one is forgotten, so that the next request
 * runs @analysis: a panel shown first may have asked for it already. */
void
_hp_session_override_analysis (HpSession        *self,
                               const HpAnalysis *analysis)
{
  const char *alias;

  g_return_if_fail (HP_IS_SESSION (self));
  g_return_if_fail (analysis != NULL && analysis->name != NULL);

  if (self->overrides == NULL)
    self->overrides = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (self->overrides, (gpointer)analysis->name, (gpointer)analysis);

  g_hash_table_remove (self->entries, analysis->name);
  alias = alias_of (analysis->name);
  if (alias != NULL)
    g_hash_table_remove (self->entries, alias);
  g_hash_table_remove_all (self->memo);
}

/**
 * hp_session_get_scope:
 *
 * Returns: (transfer none) (nullable): the scope, %NULL for the whole trace
 */
HpScope *
hp_session_get_scope (HpSession *self)
{
  g_return_val_if_fail (HP_IS_SESSION (self), NULL);
  return self->scope;
}

/**
 * hp_session_get_analysis_trace:
 *
 * Returns: (transfer none) (nullable): the trace the analyses run on: the
 *   scoped view of the trace, or %NULL when the scope holds no event
 */
HpTrace *
hp_session_get_analysis_trace (HpSession *self)
{
  g_return_val_if_fail (HP_IS_SESSION (self), NULL);
  return self->scoped_trace;
}

/**
 * hp_session_set_scope:
 * @scope: (nullable): the new scope; %NULL or a whole-trace scope for the
 *   whole trace
 *
 * Scopes every analysis: results of a scope seen before come back from the
 * cache, the others are computed again for the analyses asked for so far.
 */
void
hp_session_set_scope (HpSession *self,
                      HpScope   *scope)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (HpScope) whole = hp_scope_new_whole ();
  GHashTable    *cached;
  GHashTableIter iter;
  gpointer       key, value;

  g_return_if_fail (HP_IS_SESSION (self));

  if (hp_scope_is_whole (scope))
    scope = NULL;
  if (hp_scope_equal (scope != NULL ? scope : whole, self->scope != NULL ? self->scope : whole))
    return;

  /* keep the finished results of the scope being left */
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Entry *entry = value;

      g_ptr_array_add (names, g_strdup (key));
      if (entry->state == HP_ANALYSIS_STATE_RUNNING)
        entry_reset (entry);
    }
  g_hash_table_replace (self->scope_cache, hp_scope_ref (self->scope != NULL ? self->scope : whole),
                        g_steal_pointer (&self->entries));
  /* the memo is of the scope being left */
  g_hash_table_remove_all (self->memo);
  cached = NULL;
  if (g_hash_table_steal_extended (self->scope_cache, scope != NULL ? scope : whole, &key, (gpointer *)&cached))
    hp_scope_unref (key);
  self->entries = cached != NULL ? cached
                                 : g_hash_table_new_full (g_str_hash, g_str_equal, g_free, entry_free);

  g_clear_pointer (&self->scope, hp_scope_unref);
  self->scope = scope != NULL ? hp_scope_ref (scope) : NULL;
  g_clear_pointer (&self->scoped_trace, hp_trace_unref);
  g_clear_error (&self->scope_error);
  self->scoped_trace = hp_trace_apply_scope (self->trace, self->scope, &self->scope_error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCOPE]);

  /* what was asked for in the old scope is wanted in the new one too */
  for (guint i = 0; i < names->len; i++)
    {
      Entry *entry = g_hash_table_lookup (self->entries, names->pdata[i]);

      if (entry != NULL && entry->state == HP_ANALYSIS_STATE_DONE)
        g_signal_emit (self, signals[ANALYSIS_FINISHED], 0, names->pdata[i], entry_tables (entry), entry->error);
      else
        start_entry (self, names->pdata[i]);
    }
}

/**
 * hp_session_get_selected_range:
 *
 * Returns: the time range selected on the timeline; empty for none
 */
HpTimeSpan
hp_session_get_selected_range (HpSession *self)
{
  g_return_val_if_fail (HP_IS_SESSION (self), hp_time_span_make (0, 0));
  return self->selected_range;
}

/**
 * hp_session_set_selected_range:
 * @span: a time range across every lane; empty for none
 */
void
hp_session_set_selected_range (HpSession *self,
                               HpTimeSpan span)
{
  hp_session_set_selected_area (self, span, NULL, 0);
}

/**
 * hp_session_set_selected_area:
 * @span: the time range; empty for none
 * @lanes: (array length=n_lanes) (nullable): the lanes of the area, by
 *   rank position then lane, as hp_timeline_view_get_selected_lanes()
 *   gives them; copied
 * @n_lanes: how many; 0 for the range across every lane
 *
 * The area selected on the timeline. Notifies #HpSession:selected-range
 * when the range or its lanes change.
 */
void
hp_session_set_selected_area (HpSession       *self,
                              HpTimeSpan       span,
                              const HpLaneRef *lanes,
                              guint            n_lanes)
{
  guint n_old;

  g_return_if_fail (HP_IS_SESSION (self));
  g_return_if_fail (lanes != NULL || n_lanes == 0);

  if (hp_time_span_is_empty (span))
    {
      span = hp_time_span_make (0, 0);
      n_lanes = 0;
    }
  if (self->selected_lanes == NULL)
    self->selected_lanes = g_array_new (FALSE, FALSE, sizeof (HpLaneRef));
  n_old = self->selected_lanes->len;
  if (hp_time_span_equal (span, self->selected_range) && n_old == n_lanes &&
      (n_lanes == 0 || memcmp (self->selected_lanes->data, lanes, n_lanes * sizeof (HpLaneRef)) == 0))
    return;
  self->selected_range = span;
  g_array_set_size (self->selected_lanes, 0);
  g_array_append_vals (self->selected_lanes, lanes, n_lanes);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_RANGE]);
}

/**
 * hp_session_get_selected_lanes:
 * @n_lanes: (out): how many
 *
 * Returns: (transfer none) (array length=n_lanes) (nullable): the lanes
 *   of the selected area; %NULL when the selected range spans every lane
 */
const HpLaneRef *
hp_session_get_selected_lanes (HpSession *self,
                               guint     *n_lanes)
{
  g_return_val_if_fail (HP_IS_SESSION (self), NULL);
  g_return_val_if_fail (n_lanes != NULL, NULL);

  *n_lanes = self->selected_lanes != NULL ? self->selected_lanes->len : 0;
  return *n_lanes > 0 ? (const HpLaneRef *)(gpointer)self->selected_lanes->data : NULL;
}

/**
 * hp_session_new_for_run:
 * @run: the run to show
 * @settings: (nullable): as for hp_session_new()
 *
 * Returns: (transfer full): a session of @run
 */
HpSession *
hp_session_new_for_run (HpRun     *run,
                        GSettings *settings)
{
  g_return_val_if_fail (HP_IS_RUN (run), NULL);
  return g_object_new (HP_TYPE_SESSION, "run", run, "settings", settings, NULL);
}

/**
 * hp_session_get_run:
 *
 * Returns: (transfer none): the run the session shows
 */
HpRun *
hp_session_get_run (HpSession *self)
{
  g_return_val_if_fail (HP_IS_SESSION (self), NULL);
  return self->run;
}

/**
 * hp_session_get_analysis_result:
 * @name: an analysis of the registry
 *
 * Returns: (transfer none) (nullable): the result of @name for the current
 *   parameters and scope, once computed: its tables and payload
 */
HpResult *
hp_session_get_analysis_result (HpSession  *self,
                                const char *name)
{
  Entry *entry;

  g_return_val_if_fail (HP_IS_SESSION (self), NULL);
  entry = g_hash_table_lookup (self->entries, name);
  return entry != NULL ? entry->result : NULL;
}

/**
 * hp_session_get_visible_window:
 *
 * Returns: the time the timeline shows; empty before it was laid out
 */
HpTimeSpan
hp_session_get_visible_window (HpSession *self)
{
  g_return_val_if_fail (HP_IS_SESSION (self), hp_time_span_make (0, 0));
  return self->visible_window;
}

void
hp_session_set_visible_window (HpSession *self,
                               HpTimeSpan span)
{
  g_return_if_fail (HP_IS_SESSION (self));

  if (hp_time_span_is_empty (span) || hp_time_span_equal (span, self->visible_window))
    return;
  self->visible_window = span;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VISIBLE_WINDOW]);
}

/**
 * hp_session_get_selected_event:
 * @rank: (out) (optional): the event's rank
 * @event: (out) (optional): its position in the rank
 *
 * Returns: whether an event is selected (on the timeline, or from a table)
 */
gboolean
hp_session_get_selected_event (HpSession *self,
                               int       *rank,
                               gint64    *event)
{
  g_return_val_if_fail (HP_IS_SESSION (self), FALSE);

  return get_event (self->selected_event_rank, self->selected_event, rank, event);
}

/**
 * hp_session_set_selected_event:
 * @event: the event's position in @rank, or -1 for none
 */
void
hp_session_set_selected_event (HpSession *self,
                               int        rank,
                               gint64     event)
{
  g_return_if_fail (HP_IS_SESSION (self));

  if (set_event (self, &self->selected_event_rank, &self->selected_event, rank, event))
    g_signal_emit (self, signals[SELECTED_EVENT_CHANGED], 0);
}

/**
 * hp_session_get_highlights:
 *
 * Returns: (transfer none) (nullable): the highlighted events
 */
const HpLinkedEvents *
hp_session_get_highlights (HpSession *self)
{
  g_return_val_if_fail (HP_IS_SESSION (self), NULL);
  return self->highlights;
}

/**
 * hp_session_set_highlights:
 * @highlights: (nullable): events to highlight, or %NULL for none
 */
void
hp_session_set_highlights (HpSession            *self,
                           const HpLinkedEvents *highlights)
{
  g_return_if_fail (HP_IS_SESSION (self));

  g_clear_pointer (&self->highlights, hp_linked_events_free);
  if (highlights != NULL)
    self->highlights = hp_linked_events_copy (highlights);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHLIGHTS]);
}

/**
 * hp_session_get_hovered_event:
 * @rank: (out) (optional): the event's rank
 * @event: (out) (optional): its position in the rank
 *
 * Returns: whether an event is under the pointer on the timeline
 */
gboolean
hp_session_get_hovered_event (HpSession *self,
                              int       *rank,
                              gint64    *event)
{
  g_return_val_if_fail (HP_IS_SESSION (self), FALSE);

  return get_event (self->hovered_event_rank, self->hovered_event, rank, event);
}

/**
 * hp_session_set_hovered_event:
 * @rank: the event's rank
 * @event: the event's position in @rank, or -1 for none
 *
 * What the timeline has under the pointer; "hovered-event-changed" tells
 * those who draw it.
 */
void
hp_session_set_hovered_event (HpSession *self,
                              int        rank,
                              gint64     event)
{
  g_return_if_fail (HP_IS_SESSION (self));

  if (set_event (self, &self->hovered_event_rank, &self->hovered_event, rank, event))
    g_signal_emit (self, signals[HOVERED_EVENT_CHANGED], 0);
}

/**
 * hp_session_get_hovered_time:
 *
 * Returns: the trace time under the pointer, ns, or %HP_SESSION_NO_TIME
 */
gint64
hp_session_get_hovered_time (HpSession *self)
{
  g_return_val_if_fail (HP_IS_SESSION (self), HP_SESSION_NO_TIME);
  return self->hovered_time;
}

/**
 * hp_session_set_hovered_time:
 * @time: ns, or %HP_SESSION_NO_TIME when the pointer left the timeline
 */
void
hp_session_set_hovered_time (HpSession *self,
                             gint64     time)
{
  g_return_if_fail (HP_IS_SESSION (self));

  if (time == self->hovered_time)
    return;
  self->hovered_time = time;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVERED_TIME]);
}
