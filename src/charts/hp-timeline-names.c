/* hp-timeline-names.c — how the timeline names and colours events: short names, stable name colours.
 *
 * Both are cached per string id on the layout, filled the first time a
 * name is drawn.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-core.h"
#include "hp-timeline-layout-private.h"

/**
 * hp_timeline_layout_get_short_name:
 * @name: a string id
 *
 * Returns: (transfer none): the name as the timeline writes it: HTA's
 *   short name (docs/trace-format.md §14), or the full name when that leaves nothing
 */
const char *
hp_timeline_layout_get_short_name (HpTimelineLayout *self,
                                   guint32           name)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (name >= self->n_strings)
    return "";
  if (self->short_names[name] == NULL)
    {
      const char *full = hp_trace_get_string (self->trace, name);
      char       *s = hp_shorten_name (full != NULL ? full : "");

      g_strstrip (s);
      if (*s == '\0' && full != NULL)
        {
          g_free (s);
          s = g_strdup (full);
        }
      self->short_names[name] = s;
    }
  return self->short_names[name];
}

/* The colour index of a host-side name, hashed on first use (the cached
 * case is inline in _hp_timeline_layout_event_color()). */
guint
_hp_timeline_layout_hash_name_color (HpTimelineLayout *self,
                                     guint32           name)
{
  if (name >= self->n_strings)
    return HP_TIMELINE_COLOR_NAME_BASE;
  if (self->name_colors[name] == HP_TIMELINE_NAME_COLOR_UNKNOWN)
    {
      const char *s = hp_trace_get_string (self->trace, name);
      guint32     h = 2166136261u;

      /* FNV-1a: stable across runs and platforms */
      for (; s != NULL && *s != '\0'; s++)
        h = (h ^ (guchar)*s) * 16777619u;
      self->name_colors[name] = (guint8)(h % HP_TIMELINE_N_NAME_COLORS);
    }
  return HP_TIMELINE_COLOR_NAME_BASE + self->name_colors[name];
}

/**
 * hp_timeline_layout_event_color:
 *
 * Returns: the colour index of an event: its kernel class for GPU work
 *   (kernels, memcpy, memset), else a stable hash of its name
 */
guint
hp_timeline_layout_event_color (HpTimelineLayout *self,
                                const HpRank     *rank,
                                guint             event)
{
  return _hp_timeline_layout_event_color (self, rank, event);
}
