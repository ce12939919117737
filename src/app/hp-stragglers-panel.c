/* hp-stragglers-panel.c — the Stragglers tab: late ranks and the collectives they hold up.
 *
 * Shows stragglers (docs/analyses.md §14: HTA's potential stragglers, the
 * metric per rank and step) and collectives (each collective matched across
 * ranks, its start skew, late rank and waits). Above them, the answer of
 * each straggler question as the findings give it (hp_straggler_answers():
 * late to collectives, slowest compute, on the critical path), and a line
 * when they name different ranks. The heat map of rank × collective is
 * coloured by how late each rank started; a click on a cell selects that
 * collective on every rank's lane of the timeline, the cell's rank in
 * focus.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-stragglers-panel.h"

#define HEAT_MAP "collective_lateness"

struct _HpStragglersPanel
{
  HpAnalysisPanel parent_instance;

  /* Template widgets */
  GtkSpinButton *candidates_spin;
  GtkBox        *answers_box;
};

G_DEFINE_FINAL_TYPE (HpStragglersPanel, hp_stragglers_panel, HP_TYPE_ANALYSIS_PANEL)

/**
 * hp_stragglers_panel_select_cell:
 * @rank: a rank
 * @collective: the collective's `index` in the collectives table
 *
 * Selects that collective on every rank's lane of the timeline, @rank's
 * kernel in focus, as a click on its heat map cell does.
 *
 * Returns: whether the rank ran that collective
 */
gboolean
hp_stragglers_panel_select_cell (HpStragglersPanel *self,
                                 int                rank,
                                 gint64             collective)
{
  HpSession *session;
  HpTable   *waits;
  HpTrace   *trace;
  g_autoptr (HpLinkedEvents) linked = NULL;

  g_return_val_if_fail (HP_IS_STRAGGLERS_PANEL (self), FALSE);

  session = hp_analysis_panel_get_session (HP_ANALYSIS_PANEL (self));
  waits = hp_analysis_panel_find_table (HP_ANALYSIS_PANEL (self), HP_COLLECTIVES_ANALYSIS, HP_COLLECTIVES_WAITS_TABLE);
  if (session == NULL || waits == NULL)
    return FALSE;
  /* the events of the scope the table was made in */
  trace = hp_session_get_analysis_trace (session);
  if (trace == NULL)
    trace = hp_session_get_trace (session);
  linked = hp_linked_events_for_collective (trace, waits, collective, rank);
  if (linked == NULL)
    return FALSE;
  g_signal_emit_by_name (self, "show-on-timeline", linked);
  return TRUE;
}

static void
heat_map_released_cb (GtkGestureClick *gesture,
                      int              n_press,
                      double           x,
                      double           y,
                      gpointer         user_data)
{
  HpStragglersPanel *self = user_data;
  HpChartView       *view = HP_CHART_VIEW (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)));
  HpChart           *chart = hp_chart_view_get_chart (view);
  HpChartHit         hit;
  gint64             rank;

  if (chart == NULL)
    return;
  hp_chart_layout (chart, gtk_widget_get_width (GTK_WIDGET (view)), gtk_widget_get_height (GTK_WIDGET (view)),
                   hp_chart_view_get_style (view));
  if (!hp_chart_hit_test (chart, x, y, &hit) || hit.kind != HP_CHART_HIT_ITEM || hit.series < 0 || hit.item < 0)
    return;
  /* the heat map's rows are labelled with the ranks */
  if (hit.series_name == NULL || !g_ascii_string_to_signed (hit.series_name, 10, G_MININT, G_MAXINT, &rank, NULL))
    return;
  hp_stragglers_panel_select_cell (self, (int)rank, hit.item);
}

static void
hp_stragglers_panel_add_charts (HpAnalysisPanel *panel)
{
  HpChartView *heat_map;

  HP_ANALYSIS_PANEL_CLASS (hp_stragglers_panel_parent_class)->add_charts (panel);

  heat_map = hp_analysis_panel_find_chart_view (panel, HEAT_MAP);
  if (heat_map != NULL)
    {
      GtkGesture *click = gtk_gesture_click_new ();

      gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
      g_signal_connect_object (click, "released", G_CALLBACK (heat_map_released_cb), panel, 0);
      gtk_widget_add_controller (GTK_WIDGET (heat_map), GTK_EVENT_CONTROLLER (click));
      gtk_widget_set_cursor_from_name (GTK_WIDGET (heat_map), "pointer");
      gtk_widget_set_tooltip_text (GTK_WIDGET (heat_map), _ ("Click a cell to select that collective on every rank of the timeline"));
    }
}

/**
 * hp_stragglers_panel_get_answers:
 *
 * Returns: (transfer full): the straggler answers the tab shows, one a line
 */
char **
hp_stragglers_panel_get_answers (HpStragglersPanel *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (HP_IS_STRAGGLERS_PANEL (self), NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->answers_box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child))
      g_strv_builder_add (builder, gtk_label_get_text (GTK_LABEL (child)));
  return g_strv_builder_end (builder);
}

/* the tables of @analysis the panel's session computed, for the answers */
static GPtrArray *
panel_result (const char *analysis,
              gpointer    panel)
{
  return hp_analysis_panel_get_tables (panel, analysis);
}

static void
hp_stragglers_panel_results_changed (HpAnalysisPanel *panel)
{
  HpStragglersPanel *self = HP_STRAGGLERS_PANEL (panel);
  HpFindingTables    tables = { NULL };
  g_auto (GStrv) answers = NULL;
  GtkWidget *child;

  /* the tables the findings read, named in core */
  hp_finding_tables_from_results (&tables, panel_result, panel);
  answers = hp_straggler_answers (&tables);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->answers_box))) != NULL)
    gtk_box_remove (self->answers_box, child);
  for (guint i = 0; answers[i] != NULL; i++)
    {
      GtkWidget *label = gtk_label_new (answers[i]);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_box_append (self->answers_box, label);
    }
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->answers_box)), answers[0] != NULL);
}

static void
hp_stragglers_panel_dispose (GObject *object)
{
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (HP_STRAGGLERS_PANEL (object)->candidates_spin != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_STRAGGLERS_PANEL);

  G_OBJECT_CLASS (hp_stragglers_panel_parent_class)->dispose (object);
}

static void
hp_stragglers_panel_class_init (HpStragglersPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_stragglers_panel_dispose;
  panel_class->add_charts = hp_stragglers_panel_add_charts;
  panel_class->results_changed = hp_stragglers_panel_results_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-stragglers-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpStragglersPanel, candidates_spin);
  gtk_widget_class_bind_template_child (widget_class, HpStragglersPanel, answers_box);

  /* each title says which straggler question its analysis answers, with
   * the label the findings use (HP_STRAGGLER_*) */
  hp_analysis_panel_class_add_analysis (panel_class, HP_STRAGGLERS_ANALYSIS,
                                        _ ("Potential stragglers (HTA's metric: the shortest collective kernels "
                                           "of each step)"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
  hp_analysis_panel_class_add_analysis (panel_class, HP_COLLECTIVES_ANALYSIS,
                                        _ ("Collectives across ranks: the rank late to collectives starts last "
                                           "most often (late_rank)"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
  /* for the answers of slowest compute and of the critical path across
   * ranks (whatever rank the Critical path tab shows) */
  hp_analysis_panel_class_add_analysis (panel_class, HP_TEMPORAL_BREAKDOWN_ANALYSIS, _ ("Temporal breakdown"),
                                        HP_ANALYSIS_PANEL_FLAGS_NONE);
  hp_analysis_panel_class_add_analysis (panel_class, HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS,
                                        _ ("Critical path across ranks"), HP_ANALYSIS_PANEL_SEVERAL_RANKS);
}

static void
hp_stragglers_panel_init (HpStragglersPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_stragglers_num_candidates_spec, GTK_WIDGET (self->candidates_spin));
}

GtkWidget *
hp_stragglers_panel_new (void)
{
  return g_object_new (HP_TYPE_STRAGGLERS_PANEL, NULL);
}
