/* hp-session.c — one opened trace: what the user looks at, and the analyses it asks the results cache for.
 *
 * The session is what the panels of one trace page share. It owns the
 * view state — the run shown, the selected rank, event, range and area,
 * the hovered event and time, the visible window, the scope — and the
 * analysis parameters (started from the settings). It keeps no results:
 * it asks the results cache (HpResultCache, the process' one unless given
 * another) for the analyses its panels want, keyed by (run, scope,
 * analysis, the values of the parameters it reads), and tells the panels
 * on the main thread with "analysis-finished". Going back to a scope or to
 * parameter values seen before finds the results in the cache; another
 * session of the same run (a comparison's, a second window's) shares them.
 * A parameter change asks again for the results it affects. No widget is
 * involved, so the tests can drive a session alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hp-core.h"
#include "hp-session-internal.h"
#include "hp-settings.h"

enum
{
  PROP_0,
  PROP_RUN,
  PROP_TRACE,
  PROP_SETTINGS,
  PROP_CACHE,
  PROP_SELECTED_RANK,
  PROP_SCOPE,
  PROP_SELECTED_RANGE,
  PROP_VISIBLE_WINDOW,
  PROP_HIGHLIGHTS,
  PROP_HOVERED_TIME,
  PROP_PROGRESS,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (HpSession, hp_session, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];
guint              hp_session_signals[HP_SESSION_N_SIGNALS];

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
  if (self->cache == NULL)
    self->cache = g_object_ref (hp_result_cache_get_default ());
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
  g_clear_pointer (&self->overrides, g_hash_table_unref);
  g_clear_object (&self->cache);
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
    case PROP_CACHE:
      g_value_set_object (value, self->cache);
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
    case PROP_PROGRESS:
      g_value_set_double (value, hp_session_get_progress (self, NULL));
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
    case PROP_CACHE:
      self->cache = g_value_dup_object (value);
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
   * HpSession:cache:
   *
   * Where the analyses' results are kept and computed: the process' cache
   * (hp_result_cache_get_default()) unless given another.
   */
  properties[PROP_CACHE] =
      g_param_spec_object ("cache", NULL, NULL, HP_TYPE_RESULT_CACHE,
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
   * HpSession:progress:
   *
   * How far the analyses the runner computes for the session are, 0 to 1
   * (their mean, as their jobs report it), or -1 when none runs
   * (hp_session_get_progress()).
   */
  properties[PROP_PROGRESS] =
      g_param_spec_double ("progress", NULL, NULL, -1.0, 1.0, -1.0,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
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
  hp_session_signals[HP_SESSION_SELECTED_EVENT_CHANGED] =
      g_signal_new ("selected-event-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 0);
  /**
   * HpSession::hovered-event-changed:
   *
   * hp_session_set_hovered_event() put another event, or none, under the
   * pointer.
   */
  hp_session_signals[HP_SESSION_HOVERED_EVENT_CHANGED] =
      g_signal_new ("hovered-event-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 0);

  /**
   * HpSession::analysis-started:
   * @name: the analysis
   *
   * A worker started computing @name.
   */
  hp_session_signals[HP_SESSION_ANALYSIS_STARTED] =
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
  hp_session_signals[HP_SESSION_ANALYSIS_FINISHED] =
      g_signal_new ("analysis-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                    NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                    G_TYPE_PTR_ARRAY | G_SIGNAL_TYPE_STATIC_SCOPE,
                    G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
  /**
   * HpSession::params-changed:
   *
   * hp_session_set_params() changed something.
   */
  hp_session_signals[HP_SESSION_PARAMS_CHANGED] =
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
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, _hp_session_entry_free);
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
  GHashTableIter iter;
  gpointer       key;

  g_return_if_fail (HP_IS_SESSION (self));

  if (hp_scope_is_whole (scope))
    scope = NULL;
  if (hp_scope_equal (scope != NULL ? scope : whole, self->scope != NULL ? self->scope : whole))
    return;

  /* what was asked for in the old scope is wanted in the new one too; the
   * finished results of the old scope stay in the cache, the running ones
   * stop unless another session waits for them */
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (names, g_strdup (key));
  g_hash_table_remove_all (self->entries);

  g_clear_pointer (&self->scope, hp_scope_unref);
  self->scope = scope != NULL ? hp_scope_ref (scope) : NULL;
  g_clear_pointer (&self->scoped_trace, hp_trace_unref);
  g_clear_error (&self->scope_error);
  self->scoped_trace = hp_trace_apply_scope (self->trace, self->scope, &self->scope_error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCOPE]);

  /* a scope seen before: its results come back from the cache at once */
  for (guint i = 0; i < names->len; i++)
    _hp_session_start_entry (self, names->pdata[i]);
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
 * hp_session_new_with_cache:
 * @run: the run to show
 * @settings: (nullable): as for hp_session_new()
 * @cache: where the results are kept and computed
 *
 * Returns: (transfer full): a session of @run whose results are @cache's
 */
HpSession *
hp_session_new_with_cache (HpRun         *run,
                           GSettings     *settings,
                           HpResultCache *cache)
{
  g_return_val_if_fail (HP_IS_RUN (run), NULL);
  g_return_val_if_fail (HP_IS_RESULT_CACHE (cache), NULL);
  return g_object_new (HP_TYPE_SESSION, "run", run, "settings", settings, "cache", cache, NULL);
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
    g_signal_emit (self, hp_session_signals[HP_SESSION_SELECTED_EVENT_CHANGED], 0);
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
    g_signal_emit (self, hp_session_signals[HP_SESSION_HOVERED_EVENT_CHANGED], 0);
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

void
_hp_session_notify_progress (HpSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}
