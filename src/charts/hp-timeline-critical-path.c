/* hp-timeline-critical-path.c — the critical path as a timeline overlay: its events outlined, the rest dimmed, its edges as arrows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-timeline-critical-path.h"
#include "hp-timeline-painter-private.h"

#define ARROW_SIZE 6.0

typedef struct
{
  HpCriticalPath *path;
  guint           rank_pos;
} Overlay;

static void
overlay_free (gpointer data)
{
  Overlay *o = data;

  hp_critical_path_free (o->path);
  g_free (o);
}

/* the colour of an edge by its type: launch delays and gaps between
 * kernels in the idle colours, syncs in the communication colour */
static const HpColor *
edge_color (const HpChartStyle *s,
            guint8              type)
{
  switch (type)
    {
    case HP_CP_EDGE_LAUNCH_DELAY:
      return &s->idle_host_wait;
    case HP_CP_EDGE_KERNEL_KERNEL:
      return &s->idle_kernel_wait;
    case HP_CP_EDGE_SYNC:
    case HP_CP_EDGE_CROSS_RANK:
      return &s->kernel_communication;
    case HP_CP_EDGE_DEPENDENCY:
      return &s->muted;
    default:
      return &s->foreground;
    }
}

static gboolean
node_point (const HpTimelineMapper *m,
            guint                   rank_pos,
            const HpCpNode         *node,
            double                 *x,
            double                 *y)
{
  HpRect rect;

  if (!hp_timeline_mapper_event_rect (m, rank_pos, node->event, &rect))
    return FALSE;
  *x = hp_timeline_mapper_time_to_x (m, node->time);
  *y = rect.y + rect.height / 2;
  return TRUE;
}

static void
paint_critical_path (const HpTimelineMapper *m,
                     cairo_t                *cr,
                     const HpChartStyle     *style,
                     gpointer                user_data)
{
  Overlay        *o = user_data;
  guint           n_nodes, n_path, n_path_edges, n_edges;
  const HpCpNode *nodes = hp_critical_path_get_nodes (o->path, &n_nodes);
  const HpCpEdge *edges = hp_critical_path_get_edges (o->path, &n_edges);
  const guint32  *path = hp_critical_path_get_path (o->path, &n_path);
  const guint32  *path_edges = hp_critical_path_get_path_edges (o->path, &n_path_edges);
  double          top = m->lanes_top, bottom = top + 1e6;
  g_autoptr (GArray) rects = NULL;

  if (n_path == 0)
    return;
  rects = g_array_new (FALSE, FALSE, sizeof (HpRect));
  cairo_save (cr);

  /* the path's events in view */
  for (guint i = 0; i < n_path; i++)
    {
      const HpCpNode *node = &nodes[path[i]];
      HpRect          rect;

      if (!node->is_start || !hp_timeline_mapper_event_rect (m, o->rank_pos, node->event, &rect))
        continue;
      if (rect.x + rect.width >= m->time_left && rect.x <= m->time_right)
        g_array_append_val (rects, rect);
    }

  /* dim everything but them (holes, even-odd) */
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_rectangle (cr, m->time_left, top, m->time_right - m->time_left, bottom - top);
  for (guint i = 0; i < rects->len; i++)
    {
      const HpRect *rect = &g_array_index (rects, HpRect, i);

      cairo_rectangle (cr, rect->x, rect->y, MAX (rect->width, 1.0), rect->height);
    }
  _hp_timeline_set_source_alpha (cr, &style->background, 0.6);
  cairo_fill (cr);

  /* and outline them */
  cairo_set_line_width (cr, 2.0);
  _hp_timeline_set_source (cr, &style->foreground);
  for (guint i = 0; i < rects->len; i++)
    {
      const HpRect *rect = &g_array_index (rects, HpRect, i);

      cairo_rectangle (cr, rect->x + 1, rect->y + 1, MAX (rect->width - 2, 1.0), MAX (rect->height - 2, 1.0));
      cairo_stroke (cr);
    }

  /* the edges between events as arrows, coloured by type */
  cairo_set_line_width (cr, 1.5);
  for (guint i = 0; i < n_path_edges; i++)
    {
      const HpCpEdge *e = &edges[path_edges[i]];
      const HpCpNode *a = &nodes[e->src];
      const HpCpNode *b = &nodes[e->dst];
      double          x0, y0, x1, y1, angle;

      if (a->event == b->event || !node_point (m, o->rank_pos, a, &x0, &y0) ||
          !node_point (m, o->rank_pos, b, &x1, &y1))
        continue;
      if (MAX (x0, x1) < m->time_left || MIN (x0, x1) > m->time_right || (fabs (x1 - x0) < 2 && fabs (y1 - y0) < 2))
        continue;
      _hp_timeline_set_source (cr, edge_color (style, e->type));
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      cairo_stroke (cr);
      angle = atan2 (y1 - y0, x1 - x0);
      cairo_move_to (cr, x1, y1);
      cairo_line_to (cr, x1 - ARROW_SIZE * cos (angle - 0.4), y1 - ARROW_SIZE * sin (angle - 0.4));
      cairo_line_to (cr, x1 - ARROW_SIZE * cos (angle + 0.4), y1 - ARROW_SIZE * sin (angle + 0.4));
      cairo_close_path (cr);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

/**
 * hp_timeline_add_critical_path:
 * @painter: a timeline painter
 * @path: (transfer full): a critical path of one of the painter's ranks
 * @rank_pos: the position of that rank in the trace
 *
 * Draws @path over the events: the path's events outlined and everything
 * else dimmed, the edges between different events as arrows coloured by
 * type (launch delay, kernel to kernel, sync, dependency).
 *
 * Returns: the overlay's id for hp_timeline_painter_remove_overlay()
 */
guint
hp_timeline_add_critical_path (HpTimelinePainter *painter,
                               HpCriticalPath    *path,
                               guint              rank_pos)
{
  Overlay *o = g_new0 (Overlay, 1);

  o->path = path;
  o->rank_pos = rank_pos;
  return hp_timeline_painter_add_overlay (painter, HP_TIMELINE_LAYER_OVER, paint_critical_path, NULL, o,
                                          overlay_free);
}
