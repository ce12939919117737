/* hp-idle-time-panel.c — the Idle time tab: why each GPU stream waits.
 *
 * Shows idle_time_breakdown (spec analyses.md §2): idle time per rank and
 * stream split into host wait, kernel wait and other, and optionally the
 * statistics of the idle intervals.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-idle-time-panel.h"

struct _HpIdleTimePanel
{
  HpAnalysisPanel parent_instance;

  /* Template widgets */
  GtkSpinButton  *delay_spin;
  GtkEntry       *streams_entry;
  GtkCheckButton *stats_check;
};

G_DEFINE_FINAL_TYPE (HpIdleTimePanel, hp_idle_time_panel, HP_TYPE_ANALYSIS_PANEL)

/* "7, 23 84" → [7, 23, 84]; "" → NULL (every stream) */
static gboolean
parse_streams (const char *text,
               GArray    **out)
{
  g_auto (GStrv) parts = g_strsplit_set (text, ", ;", -1);
  g_autoptr (GArray) streams = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; parts[i] != NULL; i++)
    {
      gint64 stream;

      if (parts[i][0] == '\0')
        continue;
      if (!g_ascii_string_to_signed (parts[i], 10, 0, G_MAXINT64, &stream, NULL))
        return FALSE;
      g_array_append_val (streams, stream);
    }
  *out = streams->len > 0 ? g_steal_pointer (&streams) : NULL;
  return TRUE;
}

static char *
format_streams (GArray *streams)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; streams != NULL && i < streams->len; i++)
    g_string_append_printf (text, "%s%" G_GINT64_FORMAT, i > 0 ? ", " : "",
                            g_array_index (streams, gint64, i));
  return g_string_free (text, FALSE);
}

static void
controls_changed_cb (HpIdleTimePanel *self)
{
  HpAnalysisParams params;
  GArray          *streams = NULL;

  if (!parse_streams (gtk_editable_get_text (GTK_EDITABLE (self->streams_entry)), &streams))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->streams_entry), "error");
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->streams_entry), "error");

  if (!hp_analysis_panel_begin_params (HP_ANALYSIS_PANEL (self), &params))
    {
      g_clear_pointer (&streams, g_array_unref);
      return;
    }
  params.consecutive_kernel_delay = gtk_spin_button_get_value (self->delay_spin);
  params.show_idle_interval_stats = gtk_check_button_get_active (self->stats_check);
  g_clear_pointer (&params.streams, g_array_unref);
  params.streams = streams;
  hp_analysis_panel_commit_params (HP_ANALYSIS_PANEL (self), &params);
}

static void
hp_idle_time_panel_session_changed (HpAnalysisPanel *panel)
{
  HpIdleTimePanel        *self = HP_IDLE_TIME_PANEL (panel);
  const HpAnalysisParams *params = hp_analysis_panel_get_params (panel);
  g_autofree char        *streams = format_streams (params->streams);

  gtk_spin_button_set_value (self->delay_spin, params->consecutive_kernel_delay);
  gtk_check_button_set_active (self->stats_check, params->show_idle_interval_stats);
  gtk_editable_set_text (GTK_EDITABLE (self->streams_entry), streams);
  gtk_widget_remove_css_class (GTK_WIDGET (self->streams_entry), "error");
}

static void
hp_idle_time_panel_dispose (GObject *object)
{
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (HP_IDLE_TIME_PANEL (object)->delay_spin != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_IDLE_TIME_PANEL);

  G_OBJECT_CLASS (hp_idle_time_panel_parent_class)->dispose (object);
}

static void
hp_idle_time_panel_class_init (HpIdleTimePanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_idle_time_panel_dispose;
  panel_class->session_changed = hp_idle_time_panel_session_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-idle-time-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpIdleTimePanel, delay_spin);
  gtk_widget_class_bind_template_child (widget_class, HpIdleTimePanel, streams_entry);
  gtk_widget_class_bind_template_child (widget_class, HpIdleTimePanel, stats_check);
  gtk_widget_class_bind_template_callback (widget_class, controls_changed_cb);

  hp_analysis_panel_class_add_analysis (panel_class, "idle_time_breakdown", _ ("Idle time breakdown"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_idle_time_panel_init (HpIdleTimePanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
hp_idle_time_panel_new (void)
{
  return g_object_new (HP_TYPE_IDLE_TIME_PANEL, NULL);
}
