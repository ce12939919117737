/* hp-timeline-critical-path.c — the critical path as a timeline overlay: its events outlined, the rest dimmed, its edges as arrows.
 *
 * One path per rank over the same step; the step is shaded, the edges
 * between events are arrows coloured by type, those between ranks (a
 * collective the last rank held back) run from lane to lane, and a legend
 * in the corner names the colours.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "hp-chart-tr-private.h"
#include "hp-timeline-critical-path.h"
#include "hp-timeline-painter-private.h"

#define ARROW_SIZE 6.0
#define LEGEND_PAD 8.0
#define LEGEND_ROW 16.0
#define LEGEND_SWATCH 18.0
#define LEGEND_MARGIN 10.0

typedef struct
{
  HpTimelinePainter *painter;  /* owns the overlay */
  GPtrArray         *paths;    /* HpCriticalPath, one per rank drawn */
  GArray            *rank_pos; /* guint, of each path */
  GArray            *cross;    /* HpCpCrossEdge */
} Overlay;

static void
overlay_free (gpointer data)
{
  Overlay *o = data;

  g_ptr_array_unref (o->paths);
  g_array_unref (o->rank_pos);
  g_clear_pointer (&o->cross, g_array_unref);
  g_free (o);
}

/* the legend's entries: the edge types drawn, in the order people read them */
static const struct
{
  HpCpEdgeType type;
  const char  *label;
} legend_entries[] = {
  { HP_CP_EDGE_LAUNCH_DELAY, N_ ("Launch delay") },
  { HP_CP_EDGE_KERNEL_KERNEL, N_ ("Kernel → kernel") },
  { HP_CP_EDGE_SYNC, N_ ("Sync") },
  { HP_CP_EDGE_DEPENDENCY, N_ ("CPU dependency") },
  { HP_CP_EDGE_CROSS_RANK, N_ ("Cross-rank") },
};

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
      return &s->kernel_communication;
    case HP_CP_EDGE_CROSS_RANK:
      return &s->kernel_memory;
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
paint_arrow (cairo_t *cr,
             double   x0,
             double   y0,
             double   x1,
             double   y1)
{
  double angle = atan2 (y1 - y0, x1 - x0);

  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x1 - ARROW_SIZE * cos (angle - 0.4), y1 - ARROW_SIZE * sin (angle - 0.4));
  cairo_line_to (cr, x1 - ARROW_SIZE * cos (angle + 0.4), y1 - ARROW_SIZE * sin (angle + 0.4));
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* the step being analysed: a tint over the lanes and its edges marked */
static void
paint_region (const HpTimelineMapper *m,
              cairo_t                *cr,
              const HpChartStyle     *style,
              HpCriticalPath         *path)
{
  double x0 = hp_timeline_mapper_time_to_x (m, hp_critical_path_get_region_start (path));
  double x1 = hp_timeline_mapper_time_to_x (m, hp_critical_path_get_region_end (path));
  double bottom = m->viewport.height;

  x0 = MAX (x0, m->time_left);
  x1 = MIN (x1, m->time_right);
  if (x1 <= x0)
    return;
  _hp_timeline_set_source_alpha (cr, &style->kernel_communication, 0.1);
  cairo_rectangle (cr, x0, m->lanes_top, x1 - x0, bottom - m->lanes_top);
  cairo_fill (cr);
  _hp_timeline_set_source_alpha (cr, &style->kernel_communication, 0.6);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, x0, m->lanes_top, x1 - x0, 3);
  cairo_fill (cr);
}

/* the path of one rank: its events in view outlined, the rest dimmed, its
 * edges between different events as arrows */
static void
paint_path (const HpTimelineMapper *m,
            cairo_t                *cr,
            const HpChartStyle     *style,
            HpCriticalPath         *path,
            guint                   rank_pos,
            GArray                 *rects)
{
  guint           n_nodes, n_path, n_path_edges, n_edges;
  const HpCpNode *nodes = hp_critical_path_get_nodes (path, &n_nodes);
  const HpCpEdge *edges = hp_critical_path_get_edges (path, &n_edges);
  const guint32  *on_path = hp_critical_path_get_path (path, &n_path);
  const guint32  *path_edges = hp_critical_path_get_path_edges (path, &n_path_edges);

  for (guint i = 0; i < n_path; i++)
    {
      const HpCpNode *node = &nodes[on_path[i]];
      HpRect          rect;

      if (!node->is_start || !hp_timeline_mapper_event_rect (m, rank_pos, node->event, &rect))
        continue;
      if (rect.x + rect.width >= m->time_left && rect.x <= m->time_right)
        g_array_append_val (rects, rect);
    }

  cairo_set_line_width (cr, 1.5);
  for (guint i = 0; i < n_path_edges; i++)
    {
      const HpCpEdge *e = &edges[path_edges[i]];
      const HpCpNode *a = &nodes[e->src];
      const HpCpNode *b = &nodes[e->dst];
      double          x0, y0, x1, y1;

      if (a->event == b->event || !node_point (m, rank_pos, a, &x0, &y0) || !node_point (m, rank_pos, b, &x1, &y1))
        continue;
      if (MAX (x0, x1) < m->time_left || MIN (x0, x1) > m->time_right || (fabs (x1 - x0) < 2 && fabs (y1 - y0) < 2))
        continue;
      _hp_timeline_set_source (cr, edge_color (style, e->type));
      paint_arrow (cr, x0, y0, x1, y1);
    }
}

/* the colours and what they mean, in the top right corner of the lanes */
static void
paint_legend (Overlay                *o,
              const HpTimelineMapper *m,
              cairo_t                *cr,
              const HpChartStyle     *style)
{
  HpTimelinePainter *p = o->painter;
  guint              n = G_N_ELEMENTS (legend_entries) - (o->cross == NULL ? 1 : 0);
  double             text_w = 0, w, h, x, y;

  _hp_timeline_painter_ensure_pango (p, cr);
  for (guint i = 0; i < n; i++)
    text_w = MAX (text_w, _hp_timeline_painter_text_width (p, p->small_font,
                                                           _hp_chart_tr (p->domain, legend_entries[i].label)));
  w = LEGEND_PAD * 3 + LEGEND_SWATCH + text_w;
  h = LEGEND_PAD * 2 + LEGEND_ROW * n;
  x = m->time_right - w - LEGEND_MARGIN;
  y = m->lanes_top + LEGEND_MARGIN;
  if (x < m->time_left)
    return;
  _hp_timeline_set_source_alpha (cr, &style->background, 0.92);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill_preserve (cr);
  _hp_timeline_set_source (cr, &style->grid);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 2.0);
  for (guint i = 0; i < n; i++)
    {
      double cy = y + LEGEND_PAD + LEGEND_ROW * (i + 0.5);

      _hp_timeline_set_source (cr, edge_color (style, legend_entries[i].type));
      paint_arrow (cr, x + LEGEND_PAD, cy, x + LEGEND_PAD + LEGEND_SWATCH, cy);
      _hp_timeline_painter_draw_text (p, cr, p->small_font, _hp_chart_tr (p->domain, legend_entries[i].label),
                                      x + LEGEND_PAD * 2 + LEGEND_SWATCH, cy, text_w + 1, &style->foreground);
    }
}

static void
paint_critical_path (const HpTimelineMapper *m,
                     cairo_t                *cr,
                     const HpChartStyle     *style,
                     gpointer                user_data)
{
  Overlay *o = user_data;
  g_autoptr (GArray) rects = g_array_new (FALSE, FALSE, sizeof (HpRect));
  double top = m->lanes_top, bottom = m->viewport.height;

  if (o->paths->len == 0)
    return;
  cairo_save (cr);
  _hp_timeline_clip_time_area (cr, m, FALSE);

  /* the step, then the paths' edges; the events are collected on the way */
  paint_region (m, cr, style, o->paths->pdata[0]);
  {
    cairo_pattern_t *arrows;

    /* dimming goes under the arrows: collect the rectangles first */
    cairo_push_group (cr);
    for (guint k = 0; k < o->paths->len; k++)
      paint_path (m, cr, style, o->paths->pdata[k], g_array_index (o->rank_pos, guint, k), rects);
    arrows = cairo_pop_group (cr);

    /* dim everything but the path's events (holes, even-odd) */
    cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
    cairo_rectangle (cr, m->time_left, top, m->time_right - m->time_left, bottom - top);
    for (guint i = 0; i < rects->len; i++)
      {
        const HpRect *rect = &g_array_index (rects, HpRect, i);

        cairo_rectangle (cr, rect->x, rect->y, MAX (rect->width, 1.0), rect->height);
      }
    _hp_timeline_set_source_alpha (cr, &style->background, 0.6);
    cairo_fill (cr);
    cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);

    /* and outline them */
    cairo_set_line_width (cr, 2.0);
    _hp_timeline_set_source (cr, &style->foreground);
    for (guint i = 0; i < rects->len; i++)
      {
        const HpRect *rect = &g_array_index (rects, HpRect, i);

        cairo_rectangle (cr, rect->x + 1, rect->y + 1, MAX (rect->width - 2, 1.0), MAX (rect->height - 2, 1.0));
        cairo_stroke (cr);
      }
    cairo_set_source (cr, arrows);
    cairo_paint (cr);
    cairo_pattern_destroy (arrows);
  }

  /* the edges between ranks, lane to lane */
  cairo_set_line_width (cr, 2.0);
  _hp_timeline_set_source (cr, edge_color (style, HP_CP_EDGE_CROSS_RANK));
  for (guint i = 0; o->cross != NULL && i < o->cross->len; i++)
    {
      const HpCpCrossEdge *c = &g_array_index (o->cross, HpCpCrossEdge, i);
      HpCpNode             a = { c->src_time, c->src_event, TRUE };
      HpCpNode             b = { c->dst_time, c->dst_event, FALSE };
      double               x0, y0, x1, y1;

      if (!node_point (m, c->src_rank_pos, &a, &x0, &y0) || !node_point (m, c->dst_rank_pos, &b, &x1, &y1))
        continue;
      if (MAX (x0, x1) < m->time_left || MIN (x0, x1) > m->time_right)
        continue;
      paint_arrow (cr, x0, y0, x1, y1);
    }
  cairo_restore (cr);

  cairo_save (cr);
  paint_legend (o, m, cr, style);
  cairo_restore (cr);
}

/**
 * hp_timeline_add_critical_paths:
 * @painter: a timeline painter
 * @paths: (transfer full) (element-type HpCriticalPath): paths of the
 *   painter's ranks over the same step, the first one's step shaded
 * @rank_pos: (transfer full) (element-type guint): the position of each
 *   path's rank in the trace
 * @cross: (transfer full) (nullable) (element-type HpCpCrossEdge): the
 *   edges between the ranks (hp_critical_path_cross_rank_edges()), or
 *   %NULL for one rank's path
 *
 * Draws the paths over the events: the step shaded, the paths' events
 * outlined and everything else dimmed, the edges between different events
 * as arrows coloured by type (launch delay, kernel to kernel, sync, CPU
 * dependency, cross-rank), and a legend of the colours.
 *
 * Returns: the overlay's id for hp_timeline_painter_remove_overlay()
 */
guint
hp_timeline_add_critical_paths (HpTimelinePainter *painter,
                                GPtrArray         *paths,
                                GArray            *rank_pos,
                                GArray            *cross)
{
  Overlay *o = g_new0 (Overlay, 1);

  g_return_val_if_fail (paths->len == rank_pos->len, 0);

  o->painter = painter;
  o->paths = paths;
  o->rank_pos = rank_pos;
  o->cross = cross;
  return hp_timeline_painter_add_overlay (painter, HP_TIMELINE_LAYER_OVER, paint_critical_path, NULL, o,
                                          overlay_free);
}

/**
 * hp_timeline_add_critical_path:
 * @painter: a timeline painter
 * @path: (transfer full): a critical path of one of the painter's ranks
 * @rank_pos: the position of that rank in the trace
 *
 * hp_timeline_add_critical_paths() for the path of one rank.
 *
 * Returns: the overlay's id for hp_timeline_painter_remove_overlay()
 */
guint
hp_timeline_add_critical_path (HpTimelinePainter *painter,
                               HpCriticalPath    *path,
                               guint              rank_pos)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_critical_path_free);
  GArray    *positions = g_array_new (FALSE, FALSE, sizeof (guint));

  g_ptr_array_add (paths, path);
  g_array_append_val (positions, rank_pos);
  return hp_timeline_add_critical_paths (painter, paths, positions, NULL);
}
