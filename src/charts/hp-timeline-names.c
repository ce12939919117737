/* hp-timeline-names.c — how the timeline colours events: stable name colours.
 *
 * Every name's colour is hashed once, when the layout is made, so that
 * culling a frame reads them from a const layout. Short names, which cost
 * an allocation each, are the painter's (hp-timeline-draw.c), made the
 * first time a name is drawn.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-core.h"
#include "hp-timeline-layout-private.h"

/* The colour index, among the name colours, of every string id. */
void
_hp_timeline_layout_hash_name_colors (HpTimelineLayout *self)
{
  for (guint name = 0; name < self->n_strings; name++)
    {
      const char *s = hp_trace_get_string (self->trace, name);
      guint32     h = 2166136261u;

      /* FNV-1a: stable across runs and platforms */
      for (; s != NULL && *s != '\0'; s++)
        h = (h ^ (guchar)*s) * 16777619u;
      self->name_colors[name] = (guint8)(h % HP_TIMELINE_N_NAME_COLORS);
    }
}

/**
 * hp_timeline_layout_event_color:
 *
 * Returns: the colour index of an event: its kernel class for GPU work
 *   (kernels, memcpy, memset), else a stable hash of its name
 */
guint
hp_timeline_layout_event_color (const HpTimelineLayout *self,
                                const HpRank           *rank,
                                guint                   event)
{
  g_return_val_if_fail (self != NULL && rank != NULL, HP_TIMELINE_COLOR_NAME_BASE);
  return _hp_timeline_layout_event_color (self, rank, event);
}

/**
 * hp_timeline_short_name:
 * @full: (nullable): an event's name
 *
 * Returns: (transfer full): the name as the timeline writes it: HTA's
 *   short name (docs/trace-format.md §14), or the full name when that
 *   leaves nothing
 */
char *
hp_timeline_short_name (const char *full)
{
  char *s = hp_shorten_name (full != NULL ? full : "");

  g_strstrip (s);
  if (*s == '\0' && full != NULL)
    {
      g_free (s);
      s = g_strdup (full);
    }
  return s;
}
