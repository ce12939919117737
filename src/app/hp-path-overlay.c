/* hp-path-overlay.c — the Timeline's critical-path overlay: the paths of the chosen step, and stepping along them.
 *
 * The overlay shows the path the Critical path tab's choosers ask for (the
 * session's critical_path_rank and critical_path_step) within the session's
 * scope: one rank's, or with all ranks every rank's path of the same step
 * and the edges between them. It is computed by the runner on the scoped
 * trace (hp_view_job_critical_path), as the critical-path analysis is, so
 * a step scope gives that step's path; the scoped trace shares its events
 * with the one the timeline shows, so the paths draw over it unchanged.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-path-overlay.h"

/* The region every rank's path covers: the step the first path found */
static char *
region_annotation (HpTrace                *trace,
                   const HpAnalysisParams *params,
                   HpCriticalPath         *first)
{
  g_autoptr (GArray) steps = NULL;
  int step = hp_analysis_params_get_int (params, &hp_critical_path_step_spec);

  if (step == -2)
    return g_strdup ("");
  if (step >= 0)
    return g_strdup_printf ("ProfilerStep#%d", step);
  /* the first complete step of the first rank, or the whole trace */
  steps = hp_critical_path_list_steps (trace, hp_critical_path_get_rank (first));
  return steps->len > 0 ? g_strdup (hp_critical_path_get_region (first)) : g_strdup ("");
}

struct _HpPathOverlay
{
  HpTrace   *trace;     /* the (scoped) trace the paths' ranks are of */
  GPtrArray *paths;     /* HpCriticalPath, one per rank, the first rank's first */
  GArray    *positions; /* guint: each path's rank position in the trace */
  GArray    *cross;     /* HpCpCrossEdge, or NULL */
};

/* the position of the rank numbered @number in @trace */
static guint
rank_position (HpTrace *trace,
               int      number)
{
  guint n_ranks = hp_trace_get_n_ranks (trace);

  for (guint k = 0; k < n_ranks; k++)
    if (hp_trace_get_rank (trace, k)->rank == number)
      return k;
  return 0;
}

/**
 * hp_path_overlay_compute:
 * @trace: the trace the analyses see (the session's scoped trace), whose
 *   ranks are those of the trace the timeline shows
 * @params: the session's parameters (critical_path_rank, critical_path_step)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Computes the paths the parameters ask for, as the critical-path analysis
 * does on @trace: with critical_path_rank -1 and several ranks, every
 * rank's path of the first rank's step, joined by the edges between ranks.
 * Runs in a worker (hp_view_job_critical_path).
 *
 * Returns: (transfer full): the overlay's data, or %NULL with @error set
 */
HpPathOverlay *
hp_path_overlay_compute (HpTrace                *trace,
                         const HpAnalysisParams *params,
                         GCancellable           *cancellable,
                         GError                **error)
{
  guint           n_ranks = hp_trace_get_n_ranks (trace);
  HpPathOverlay  *overlay;
  HpCriticalPath *first;
  guint           first_pos;

  /* rank summaries: the lanes hold activity blocks, not the events */
  if (hp_trace_get_summaries (trace) != NULL)
    {
      g_autofree char *why = hp_summary_job_why_not (trace, &hp_critical_path_analysis, params);

      g_set_error_literal (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, why);
      return NULL;
    }
  first = hp_critical_path_new_for_params (trace, params, cancellable, error);
  if (first == NULL)
    return NULL;
  if (!hp_critical_path_is_valid (first))
    {
      g_set_error_literal (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, hp_critical_path_get_problem (first));
      hp_critical_path_free (first);
      return NULL;
    }
  first_pos = rank_position (trace, hp_critical_path_get_rank (first)->rank);

  overlay = g_new0 (HpPathOverlay, 1);
  overlay->trace = hp_trace_ref (trace);
  overlay->paths = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_critical_path_free);
  overlay->positions = g_array_new (FALSE, FALSE, sizeof (guint));
  /* the first rank's path first: its step is the one shaded */
  g_ptr_array_add (overlay->paths, first);
  g_array_append_val (overlay->positions, first_pos);

  if (hp_analysis_params_get_int (params, &hp_critical_path_rank_spec) < 0 && n_ranks >= 2)
    {
      g_autofree char      *annotation = region_annotation (trace, params, first);
      g_autofree gpointer  *all = g_new0 (gpointer, n_ranks);
      HpCriticalPathOptions options;
      gboolean              complete = TRUE;

      hp_critical_path_options_init (&options);
      options.annotation = annotation;
      all[first_pos] = first;
      for (guint k = 0; k < n_ranks; k++)
        if (all[k] == NULL)
          {
            if (g_cancellable_set_error_if_cancelled (cancellable, error))
              {
                for (guint j = 0; j < n_ranks; j++)
                  if (j != first_pos && all[j] != NULL)
                    hp_critical_path_free (all[j]);
                hp_path_overlay_free (overlay);
                return NULL;
              }
            all[k] = hp_critical_path_new (trace, hp_trace_get_rank (trace, k), &options, cancellable, NULL);
            if (all[k] != NULL && !hp_critical_path_is_valid (all[k]))
              g_clear_pointer (&all[k], hp_critical_path_free);
            complete &= all[k] != NULL;
          }
      /* the edges between ranks need every rank's graph of the step */
      if (complete)
        overlay->cross = hp_critical_path_cross_rank_edges ((HpCriticalPath **)all, n_ranks);
      for (guint k = 0; k < n_ranks; k++)
        if (all[k] != NULL && k != first_pos)
          {
            g_ptr_array_add (overlay->paths, all[k]);
            g_array_append_val (overlay->positions, k);
          }
    }
  return overlay;
}

void
hp_path_overlay_free (HpPathOverlay *overlay)
{
  if (overlay == NULL)
    return;
  g_ptr_array_unref (overlay->paths);
  g_array_unref (overlay->positions);
  g_clear_pointer (&overlay->cross, g_array_unref);
  hp_trace_unref (overlay->trace);
  g_free (overlay);
}

/**
 * hp_path_overlay_get_paths:
 *
 * Returns: (transfer none) (element-type HpCriticalPath): the paths, one
 *   per rank, the first rank's first
 */
GPtrArray *
hp_path_overlay_get_paths (HpPathOverlay *overlay)
{
  return overlay->paths;
}

/**
 * hp_path_overlay_install:
 * @painter: the timeline's painter, of a trace with the ranks of the
 *   overlay's
 * @overlay: the overlay's data; it must outlive the overlay on @painter
 *   (the paths read the ranks of its trace)
 *
 * Adds the paths to @painter.
 *
 * Returns: the overlay's id for hp_timeline_painter_remove_overlay()
 */
guint
hp_path_overlay_install (HpTimelinePainter *painter,
                         HpPathOverlay     *overlay)
{
  return hp_timeline_add_critical_paths (painter, g_ptr_array_ref (overlay->paths), g_array_ref (overlay->positions),
                                         overlay->cross != NULL ? g_array_ref (overlay->cross) : NULL);
}

/**
 * hp_path_overlay_find:
 * @paths: (nullable): the paths of hp_path_overlay_get_paths()
 * @rank: a rank of the trace shown (or of a scoped view of it)
 *
 * Returns: (transfer none) (nullable): the path of @rank, if drawn
 */
HpCriticalPath *
hp_path_overlay_find (GPtrArray    *paths,
                      const HpRank *rank)
{
  for (guint i = 0; paths != NULL && i < paths->len; i++)
    if (hp_critical_path_get_rank (paths->pdata[i])->rank == rank->rank)
      return paths->pdata[i];
  return NULL;
}

/**
 * hp_path_overlay_step:
 * @paths: the paths of hp_path_overlay_get_paths()
 * @direction: 1 for the next event on the path, -1 for the previous
 * @rank: (inout): the selected event's rank, or -1; the rank stepped to
 * @event: (inout): the selected event, or -1; the event stepped to
 *
 * The next (or previous) event along the path of the selected event's rank,
 * in path order; from an event off the path, the first one on it that
 * starts later (or earlier); with nothing selected, the first (or last)
 * event of the first path.
 *
 * Returns: whether there is one
 */
gboolean
hp_path_overlay_step (GPtrArray *paths,
                      int        direction,
                      int       *rank,
                      gint64    *event)
{
  HpCriticalPath *path = NULL;
  const HpRank   *r;
  const HpCpNode *nodes;
  const guint32  *order;
  guint           n_nodes, n_path;
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GHashTable) seen = NULL;
  int at = -1;

  g_return_val_if_fail (direction == 1 || direction == -1, FALSE);

  for (guint i = 0; paths != NULL && i < paths->len && path == NULL; i++)
    if (hp_critical_path_get_rank (paths->pdata[i])->rank == *rank)
      path = paths->pdata[i];
  if (path == NULL)
    {
      if (paths == NULL || paths->len == 0)
        return FALSE;
      path = paths->pdata[0];
      *event = -1;
    }
  r = hp_critical_path_get_rank (path);
  nodes = hp_critical_path_get_nodes (path, &n_nodes);
  order = hp_critical_path_get_path (path, &n_path);

  /* the path's events in path order, each at its first node */
  seen = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < n_path; i++)
    {
      guint32 e = nodes[order[i]].event;

      if (!g_hash_table_add (seen, GUINT_TO_POINTER (e + 1)))
        continue;
      g_array_append_val (events, e);
      if ((gint64)e == *event)
        at = (int)events->len - 1;
    }
  if (events->len == 0)
    return FALSE;

  if (at < 0 && *event >= 0 && (guint64)*event < r->n_events)
    {
      /* off the path: the nearest one on it in time, that way */
      gint64 t = hp_rank_get_event_start (r, (guint32)*event);

      if (direction > 0)
        {
          for (guint i = 0; i < events->len && at < 0; i++)
            if (hp_rank_get_event_start (r, g_array_index (events, guint32, i)) > t)
              at = (int)i;
        }
      else
        for (guint i = events->len; i > 0 && at < 0; i--)
          if (hp_rank_get_event_start (r, g_array_index (events, guint32, i - 1)) < t)
            at = (int)i - 1;
      if (at < 0)
        return FALSE;
    }
  else if (at < 0)
    at = direction > 0 ? 0 : (int)events->len - 1;
  else
    {
      at += direction;
      if (at < 0 || at >= (int)events->len)
        return FALSE;
    }
  *rank = r->rank;
  *event = g_array_index (events, guint32, at);
  return TRUE;
}
