/* hp-path-overlay.c — the Timeline's critical-path overlay: the paths of the chosen step, and stepping along them.
 *
 * The overlay shows the path the Critical path tab's choosers ask for (the
 * session's critical_path_rank and critical_path_step): one rank's, or with
 * all ranks every rank's path of the same step and the edges between them.
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

  if (params->critical_path_step == -2)
    return g_strdup ("");
  if (params->critical_path_step >= 0)
    return g_strdup_printf ("ProfilerStep#%d", params->critical_path_step);
  /* the first complete step of the first rank, or the whole trace */
  steps = hp_critical_path_list_steps (trace, hp_critical_path_get_rank (first));
  return steps->len > 0 ? g_strdup (hp_critical_path_get_region (first)) : g_strdup ("");
}

/**
 * hp_path_overlay_add:
 * @painter: the timeline's painter
 * @trace: its trace
 * @params: the session's parameters (critical_path_rank, critical_path_step)
 * @paths: (out) (transfer container): the paths drawn, one per rank, owned
 *   by the overlay (valid until it is removed)
 * @error: return location for a #GError
 *
 * Computes the paths the parameters ask for and adds them to @painter:
 * with critical_path_rank -1 and several ranks, every rank's path of the
 * first rank's step, joined by the edges between ranks.
 *
 * Returns: the overlay's id, or 0 with @error set
 */
guint
hp_path_overlay_add (HpTimelinePainter      *painter,
                     HpTrace                *trace,
                     const HpAnalysisParams *params,
                     GPtrArray             **paths,
                     GError                **error)
{
  guint n_ranks = hp_trace_get_n_ranks (trace);
  g_autoptr (GPtrArray) owned = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_critical_path_free);
  g_autoptr (GArray) positions = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray         *cross = NULL;
  HpCriticalPath *first = hp_critical_path_new_for_params (trace, params, NULL, error);
  guint           first_pos = 0;

  if (first == NULL)
    return 0;
  if (!hp_critical_path_is_valid (first))
    {
      g_set_error_literal (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, hp_critical_path_get_problem (first));
      hp_critical_path_free (first);
      return 0;
    }
  while (hp_trace_get_rank (trace, first_pos) != hp_critical_path_get_rank (first))
    first_pos++;

  if (params->critical_path_rank < 0 && n_ranks >= 2)
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
            all[k] = hp_critical_path_new (trace, hp_trace_get_rank (trace, k), &options, NULL, NULL);
            if (all[k] != NULL && !hp_critical_path_is_valid (all[k]))
              g_clear_pointer (&all[k], hp_critical_path_free);
            complete &= all[k] != NULL;
          }
      /* the edges between ranks need every rank's graph of the step */
      if (complete)
        cross = hp_critical_path_cross_rank_edges ((HpCriticalPath **)all, n_ranks);
      /* the first rank's path first: its step is the one shaded */
      g_ptr_array_add (owned, first);
      g_array_append_val (positions, first_pos);
      for (guint k = 0; k < n_ranks; k++)
        if (all[k] != NULL && k != first_pos)
          {
            g_ptr_array_add (owned, all[k]);
            g_array_append_val (positions, k);
          }
    }
  else
    {
      g_ptr_array_add (owned, first);
      g_array_append_val (positions, first_pos);
    }

  *paths = g_ptr_array_new ();
  for (guint i = 0; i < owned->len; i++)
    g_ptr_array_add (*paths, owned->pdata[i]);
  return hp_timeline_add_critical_paths (painter, g_steal_pointer (&owned), g_steal_pointer (&positions), cross);
}

/**
 * hp_path_overlay_find:
 * @paths: (nullable): the paths of hp_path_overlay_add()
 * @rank: a rank
 *
 * Returns: (transfer none) (nullable): the path of @rank, if drawn
 */
HpCriticalPath *
hp_path_overlay_find (GPtrArray    *paths,
                      const HpRank *rank)
{
  for (guint i = 0; paths != NULL && i < paths->len; i++)
    if (hp_critical_path_get_rank (paths->pdata[i]) == rank)
      return paths->pdata[i];
  return NULL;
}

/**
 * hp_path_overlay_step:
 * @paths: the paths of hp_path_overlay_add()
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
