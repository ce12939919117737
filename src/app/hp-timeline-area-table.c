/* hp-timeline-area-table.c — the table under the timeline of the events of a selected area, by name.
 *
 * A drag across lanes selects an area: a time range on some lanes. Its
 * events by name (hp_area_stats_compute(), by the runner) fill this table;
 * the widget stays hidden until the first table arrives, and a new area,
 * or none, cancels the one being computed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-timeline-area-table.h"
#include "hp-view-jobs.h"

struct _HpTimelineAreaTable
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkWidget   *box;
  HpTableView *table;
  GtkLabel    *message;

  GCancellable *cancellable; /* the area's table being computed */
};

G_DEFINE_FINAL_TYPE (HpTimelineAreaTable, hp_timeline_area_table, GTK_TYPE_WIDGET)

static void
cancel (HpTimelineAreaTable *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
}

static void
area_stats_ready_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr (HpTimelineAreaTable) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpJobResult) table = hp_view_job_finish (result, &error);

  /* cancelled: the selection changed, or the widget went away */
  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  /* what cannot be had (the events of rank summaries) says why */
  gtk_widget_set_visible (GTK_WIDGET (self->message), table == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->table), table != NULL);
  if (table == NULL)
    gtk_label_set_text (self->message, error != NULL ? error->message : "");
  else
    hp_table_view_set_table (self->table, hp_job_result_get_payload (table));
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
}

/* GObject */

static void
hp_timeline_area_table_dispose (GObject *object)
{
  HpTimelineAreaTable *self = HP_TIMELINE_AREA_TABLE (object);

  cancel (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), HP_TYPE_TIMELINE_AREA_TABLE);

  G_OBJECT_CLASS (hp_timeline_area_table_parent_class)->dispose (object);
}

static void
hp_timeline_area_table_class_init (HpTimelineAreaTableClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_timeline_area_table_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-timeline-area-table.ui");
  gtk_widget_class_bind_template_child (widget_class, HpTimelineAreaTable, box);
  gtk_widget_class_bind_template_child (widget_class, HpTimelineAreaTable, table);
  gtk_widget_class_bind_template_child (widget_class, HpTimelineAreaTable, message);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hptimelineareatable");

  g_type_ensure (HP_TYPE_TABLE_VIEW);
}

static void
hp_timeline_area_table_init (HpTimelineAreaTable *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Public API */

GtkWidget *
hp_timeline_area_table_new (void)
{
  return g_object_new (HP_TYPE_TIMELINE_AREA_TABLE, NULL);
}

/**
 * hp_timeline_area_table_show:
 * @run: (nullable): the run the trace is of, whose results keep the table
 * @trace: the trace the area is of
 * @start: ns
 * @end: ns
 * @lanes: (array length=n_lanes): the lanes the area crosses
 * @n_lanes:
 *
 * Has the runner compute the area's events by name; the widget shows once
 * they are in (#GtkWidget:visible turns on the first time), or why they
 * cannot be had.
 */
void
hp_timeline_area_table_show (HpTimelineAreaTable *self,
                             HpRun               *run,
                             HpTrace             *trace,
                             gint64               start,
                             gint64               end,
                             const HpLaneRef     *lanes,
                             guint                n_lanes)
{
  HpAreaStatsInput *area;
  g_autofree char  *key = NULL;

  g_return_if_fail (HP_IS_TIMELINE_AREA_TABLE (self));
  g_return_if_fail (trace != NULL);

  cancel (self);
  self->cancellable = g_cancellable_new ();
  area = hp_area_stats_input_new (hp_time_span_make (start, end), lanes, n_lanes);
  key = hp_area_stats_input_key (area);
  hp_view_job_run (&hp_view_job_area_stats, run, NULL, key, trace, area, hp_area_stats_input_free, self->cancellable,
                   NULL, NULL, area_stats_ready_cb, g_object_ref (self));
}

/**
 * hp_timeline_area_table_hide:
 *
 * Stops the table being computed, and hides the widget.
 */
void
hp_timeline_area_table_hide (HpTimelineAreaTable *self)
{
  g_return_if_fail (HP_IS_TIMELINE_AREA_TABLE (self));

  cancel (self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

/**
 * hp_timeline_area_table_get_message:
 *
 * Returns: (nullable): why the area's events could not be had, when the
 *   widget says so instead of showing them
 */
const char *
hp_timeline_area_table_get_message (HpTimelineAreaTable *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_AREA_TABLE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->message)) ? gtk_label_get_text (self->message) : NULL;
}

/**
 * hp_timeline_area_table_get_table_view:
 *
 * Returns: (transfer none): the table view
 */
HpTableView *
hp_timeline_area_table_get_table_view (HpTimelineAreaTable *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_AREA_TABLE (self), NULL);
  return self->table;
}
