/* hp-timeline-view-tooltips.c — what the timeline's tooltips say about the thing under the pointer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "hp-timeline-view-private.h"

static char *
event_tooltip (HpTimelineView *self,
               const HpRank   *r,
               guint32         e)
{
  const char      *name = hp_trace_get_string (self->trace, r->name[e]);
  const char      *cat = r->cat[e] != HP_NO_STRING ? hp_trace_get_string (self->trace, r->cat[e]) : NULL;
  g_autofree char *short_name = NULL;
  g_autofree char *escaped = NULL;
  g_autofree char *start = hp_timeline_format_time (hp_rank_get_event_start (r, e));
  g_autofree char *dur = hp_timeline_format_duration (hp_rank_get_event_duration (r, e));
  g_autofree char *lane = hp_timeline_painter_dup_lane_title (self->painter, r, hp_rank_lane (r, e));
  g_autofree char *lane_escaped = g_markup_escape_text (lane, -1);
  g_autofree char *cat_escaped = g_markup_escape_text (cat != NULL ? cat : "", -1);

  /* very long template names: the short one on top, the full one below */
  short_name = g_strdup (hp_timeline_painter_get_short_name (self->painter, r->name[e]));
  if (name != NULL && strlen (name) > 200)
    {
      g_autofree char *cut = g_utf8_substring (name, 0, 200);

      escaped = g_markup_printf_escaped ("<b>%s</b>\n<small>%s…</small>", short_name, cut);
    }
  else if (name != NULL && g_strcmp0 (short_name, name) != 0)
    escaped = g_markup_printf_escaped ("<b>%s</b>\n<small>%s</small>", short_name, name);
  else
    escaped = g_markup_printf_escaped ("<b>%s</b>", name != NULL ? name : "");

  /* Translators: tooltip of a timeline event: name, category · duration,
   * start time, thread or stream and rank */
  return g_strdup_printf (_ ("%s\n%s · %s\nStart %s\n%s · rank %d"), escaped, cat_escaped, dur, start, lane_escaped, r->rank);
}

gboolean
hp_timeline_view_query_tooltip (GtkWidget  *widget,
                                int         x,
                                int         y,
                                gboolean    keyboard,
                                GtkTooltip *tooltip)
{
  HpTimelineView    *self = HP_TIMELINE_VIEW (widget);
  HpTimelineViewport v;
  HpTimelineHit      hit;
  g_autofree char   *markup = NULL;

  if (self->painter == NULL || keyboard || self->drag_mode != DRAG_NONE)
    return FALSE;
  hp_timeline_view_viewport (self, &v);
  if (!hp_timeline_painter_hit_test (self->painter, &v, x, y, &hit))
    return FALSE;

  switch (hit.kind)
    {
    case HP_TIMELINE_HIT_EVENT:
      {
        const HpRank    *r = hp_trace_get_rank (self->trace, (guint)hit.rank_pos);
        HpTimelineMapper m;
        HpRect           rect;

        markup = event_tooltip (self, r, (guint32)hit.event);
        hp_timeline_mapper_init (&m, self->scene, &v);
        if (hp_timeline_mapper_event_rect (&m, (guint)hit.rank_pos, (guint32)hit.event, &rect) && rect.width >= 4)
          gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle){ (int)rect.x, (int)rect.y, (int)rect.width, (int)rect.height });
      }
      break;

    case HP_TIMELINE_HIT_STEP:
      {
        g_autofree char *d = hp_timeline_format_duration (hit.end - hit.start);

        /* Translators: tooltip of an iteration in the timeline's step band */
        markup = g_markup_printf_escaped (_ ("<b>ProfilerStep#%d</b>\n%s"), (int)hit.item, d);
      }
      break;

    case HP_TIMELINE_HIT_RANK:
      {
        const HpRank *r = hp_trace_get_rank (self->trace, (guint)hit.rank_pos);
        gboolean      collapsed = hp_timeline_scene_get_rank_collapsed (self->scene, (guint)hit.rank_pos);

        markup = g_markup_printf_escaped (collapsed ? _ ("Rank %d: click to show its lanes") : _ ("Rank %d: click to fold its lanes"), r->rank);
      }
      break;

    case HP_TIMELINE_HIT_COUNTER:
      {
        g_autofree char *title = hp_timeline_painter_dup_counter_title (self->painter, (guint)hit.rank_pos, (guint)hit.lane);
        char             value[32];

        g_ascii_formatd (value, sizeof value, "%.4g", hit.value);
        markup = g_markup_printf_escaped ("%s: <b>%s</b>", title, value);
      }
      break;

    case HP_TIMELINE_HIT_LANE_LABEL:
      {
        const HpRank        *r = hp_trace_get_rank (self->trace, (guint)hit.rank_pos);
        guint                n_rows;
        const HpTimelineRow *rows = hp_timeline_scene_get_rows (self->scene, &n_rows);

        /* the full name: the gutter may have cut it short */
        if (rows[hit.row].kind == HP_TIMELINE_ROW_COUNTER)
          {
            g_autofree char *name = hp_timeline_painter_dup_row_title (self->painter, &rows[hit.row]);

            markup = g_markup_printf_escaped ("<b>%s</b>", name);
          }
        else if (r != NULL && hit.depth >= 0)
          {
            g_autofree char *name = hp_timeline_painter_dup_row_title (self->painter, &rows[hit.row]);
            const HpLane    *lane = &r->lanes[hit.lane];
            g_autofree char *events = g_strdup_printf (ngettext ("%u event", "%u events", lane->n_events), lane->n_events);
            g_autofree char *levels = g_strdup_printf (ngettext ("%u level", "%u levels", lane->max_depth), lane->max_depth);

            /* Translators: tooltip of a lane's name in the timeline: the
             * name, then "12 events, 3 levels" */
            markup = g_markup_printf_escaped (_ ("<b>%s</b>\n%s, %s"), name, events, levels);
          }
      }
      break;

    case HP_TIMELINE_HIT_OVERLAY:
      if (hit.text != NULL)
        markup = g_markup_escape_text (hit.text, -1);
      break;

    case HP_TIMELINE_HIT_RULER:
    case HP_TIMELINE_HIT_NONE:
    default:
      break;
    }
  hp_timeline_hit_clear (&hit);

  if (markup == NULL)
    return FALSE;
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}
