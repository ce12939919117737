/* hp-overview-panel.c — the Overview tab: the trace at a glance and the main findings.
 *
 * The summary comes straight from the trace model (ranks, device,
 * iterations, time span, files); the findings come from hp-findings.c over
 * the temporal breakdown, idle time and overlap tables once the session
 * has them; the health of the trace (hp-health-view.c) follows. Below
 * them, HTA's headline charts: the temporal breakdown, the
 * kernel type donut and the communication/computation overlap of each
 * rank, then the temporal breakdown table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-core.h"
#include "hp-format.h"
#include "hp-health-view.h"
#include "hp-overview-panel.h"

#define MAX_FINDINGS 5
#define MAX_RANKS_LISTED 8

struct _HpOverviewPanel
{
  HpAnalysisPanel parent_instance;

  /* Template widgets */
  GtkGrid  *summary_grid;
  GtkBox   *findings_box;
  GtkLabel *findings_status;
  GtkBox   *health_box;
};

G_DEFINE_FINAL_TYPE (HpOverviewPanel, hp_overview_panel, HP_TYPE_ANALYSIS_PANEL)

/* The text of a finding: a wrapped label in a holder that keeps its width
 * simple.
 *
 * Asked how wide it must be for a given height, a wrapped GtkLabel
 * searches for the narrowest width that fits, laying its whole text out
 * again at every step. The panel's scrolled column (a GtkViewport) and the
 * boxes around a finding ask that at every allocation, with heights that
 * change as the panel fills: on the first frame of a trace this search
 * took more time than the rest of the layout. The column only scrolls
 * vertically, so the holder answers width requests with the label's widths
 * for no particular height (its longest word, its text on one line), which
 * the label computes once and keeps; heights are the label's own. */

#define HP_TYPE_FINDING_TEXT (hp_finding_text_get_type ())
G_DECLARE_FINAL_TYPE (HpFindingText, hp_finding_text, HP, FINDING_TEXT, GtkWidget)

struct _HpFindingText
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (HpFindingText, hp_finding_text, GTK_TYPE_WIDGET)

static GtkSizeRequestMode
finding_text_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
finding_text_measure (GtkWidget     *widget,
                      GtkOrientation orientation,
                      int            for_size,
                      int           *minimum,
                      int           *natural,
                      int           *minimum_baseline,
                      int           *natural_baseline)
{
  GtkWidget *label = gtk_widget_get_first_child (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    for_size = -1;
  /* no baseline: GTK 4.8's box rounds a wrapping label's parts above and
   * below its baseline up apart, a pixel taller at any width than free of
   * one, and a box fitting the rows into a height then warns of overlaps */
  gtk_widget_measure (label, orientation, for_size, minimum, natural, NULL, NULL);
}

static void
finding_text_allocate (GtkWidget *widget,
                       int        width,
                       int        height,
                       int        baseline)
{
  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, baseline, NULL);
}

static void
hp_finding_text_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (hp_finding_text_parent_class)->dispose (object);
}

static void
hp_finding_text_class_init (HpFindingTextClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = hp_finding_text_dispose;
}

static void
hp_finding_text_init (HpFindingText *self)
{
  gtk_widget_set_layout_manager (GTK_WIDGET (self),
                                 gtk_custom_layout_new (finding_text_request_mode, finding_text_measure,
                                                        finding_text_allocate));
}

static gboolean
unselect_label (gpointer data)
{
  GtkLabel   *label = data;
  const char *text = gtk_label_get_text (label);
  int         start, end;

  if (gtk_label_get_selection_bounds (label, &start, &end) && start == 0 && end == g_utf8_strlen (text, -1))
    gtk_label_select_region (label, 0, 0);
  return G_SOURCE_REMOVE;
}

static void
label_focus_cb (GtkWidget  *label,
                GParamSpec *pspec,
                gpointer    data)
{
  if (gtk_widget_has_focus (label))
    g_idle_add_full (G_PRIORITY_HIGH, unselect_label, g_object_ref (label), g_object_unref);
}

/* Text the user may select and copy. A selectable label selects all its
 * text when it takes the focus (gtk-label-select-on-focus), as the first
 * one does when the tab is shown again: the Overview came back with its
 * first line highlighted. Undo that select-all right after the focus
 * moves in; a selection made with the mouse is not the whole-text one
 * made on focus and stays. */
static void
set_selectable_text (GtkLabel *label)
{
  gtk_label_set_selectable (label, TRUE);
  g_signal_connect (label, "notify::has-focus", G_CALLBACK (label_focus_cb), NULL);
}

static GtkWidget *
finding_text_new (GtkWidget *label)
{
  GtkWidget *self = g_object_new (HP_TYPE_FINDING_TEXT, NULL);

  gtk_widget_set_parent (label, self);
  return self;
}

static void
add_summary_row (HpOverviewPanel *self,
                 int              row,
                 const char      *key,
                 const char      *value)
{
  GtkWidget *key_label = gtk_label_new (key);
  GtkWidget *value_label = gtk_label_new (value);

  gtk_label_set_xalign (GTK_LABEL (key_label), 0);
  gtk_label_set_yalign (GTK_LABEL (key_label), 0);
  gtk_widget_add_css_class (key_label, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (value_label), 0);
  gtk_label_set_wrap (GTK_LABEL (value_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (value_label), PANGO_WRAP_WORD_CHAR);
  set_selectable_text (GTK_LABEL (value_label));
  gtk_label_set_max_width_chars (GTK_LABEL (value_label), 48);
  gtk_grid_attach (self->summary_grid, key_label, 0, row, 1, 1);
  gtk_grid_attach (self->summary_grid, value_label, 1, row, 1, 1);
}

static char *
describe_ranks (HpTrace *trace)
{
  guint            n = hp_trace_get_n_ranks (trace);
  GString         *list = g_string_new (NULL);
  g_autofree char *text = NULL;
  g_autoptr (HpJobInfo) info = NULL;

  for (guint i = 0; i < n && i < MAX_RANKS_LISTED; i++)
    g_string_append_printf (list, "%s%d", i > 0 ? ", " : "", hp_trace_get_rank (trace, i)->rank);
  if (n > MAX_RANKS_LISTED)
    g_string_append (list, ", …");
  text = g_string_free (list, FALSE);
  info = hp_job_info_new (trace);
  if (info->missing->len > 0)
    {
      g_autofree char *missing = hp_ranks_to_text ((const int *)(void *)info->missing->data, info->missing->len);

      /* Translators: the ranks loaded, their numbers, the ranks the job
       * has and those without a file: "7 (0, 1, 2, 4, 5, 6, 7) of 8, missing: 3" */
      return g_strdup_printf (_ ("%u (%s) of %u, missing: %s"), n, text, n + info->missing->len, missing);
    }
  /* Translators: the number of ranks, then their numbers: "2 (0, 1)" */
  return g_strdup_printf (_ ("%u (%s)"), n, text);
}

static char *
describe_iterations (HpTrace *trace)
{
  g_autoptr (GHashTable) steps = g_hash_table_new (NULL, NULL);
  int        first = G_MAXINT, last = G_MININT;
  GPtrArray *summaries = hp_trace_get_summaries (trace);

  /* rank summaries name their steps */
  for (guint i = 0; summaries != NULL && i < summaries->len; i++)
    {
      g_auto (GStrv) names = hp_summary_get_step_names (summaries->pdata[i]);

      for (guint k = 0; names[k] != NULL; k++)
        {
          int step = hp_parse_profiler_step (names[k]);

          if (step < 0)
            continue;
          g_hash_table_add (steps, GINT_TO_POINTER (step));
          first = MIN (first, step);
          last = MAX (last, step);
        }
    }
  for (guint i = 0; summaries == NULL && i < hp_trace_get_n_ranks (trace); i++)
    {
      const HpRank *rank = hp_trace_get_rank (trace, i);

      for (guint k = 0; k < rank->n_iterations; k++)
        if (rank->iterations[k] >= 0)
          {
            g_hash_table_add (steps, GINT_TO_POINTER (rank->iterations[k]));
            first = MIN (first, rank->iterations[k]);
            last = MAX (last, rank->iterations[k]);
          }
    }
  if (g_hash_table_size (steps) == 0)
    return g_strdup (_ ("None marked (no ProfilerStep ranges)"));
  if (first == last)
    /* Translators: one profiler step and its number */
    return g_strdup_printf (_ ("1 (step %d)"), first);
  /* Translators: how many profiler steps, then the first and last step numbers */
  return g_strdup_printf (_ ("%u (steps %d to %d)"), g_hash_table_size (steps), first, last);
}

static char *
describe_span (HpTrace *trace)
{
  gint64 start = G_MAXINT64, end = G_MININT64;

  for (guint i = 0; i < hp_trace_get_n_ranks (trace); i++)
    {
      const HpRank *rank = hp_trace_get_rank (trace, i);
      HpTimeSpan    span = hp_rank_get_rows_span (rank);

      if (rank->n_rows == 0)
        continue;
      start = MIN (start, span.start);
      end = MAX (end, span.end);
    }
  if (start > end)
    return g_strdup (_ ("n/a"));
  return hp_format_duration_us ((double)(end - start) / HP_NS_PER_US);
}

static char *
describe_files (HpTrace *trace)
{
  guint            n = hp_trace_get_n_ranks (trace);
  guint64          file_bytes = 0, json_bytes = 0;
  g_autofree char *on_disk = NULL;
  g_autofree char *json = NULL;

  for (guint i = 0; i < n; i++)
    {
      file_bytes += hp_trace_get_rank (trace, i)->file_bytes;
      json_bytes += hp_trace_get_rank (trace, i)->json_bytes;
    }
  on_disk = hp_format_size (file_bytes);
  json = hp_format_size (json_bytes);
  if (file_bytes == json_bytes)
    /* Translators: number of files, then their size */
    return g_strdup_printf (ngettext ("%u file, %s", "%u files, %s", n), n, on_disk);
  /* Translators: number of files, their size on disk, then uncompressed */
  return g_strdup_printf (ngettext ("%u file, %s (%s of JSON)", "%u files, %s (%s of JSON)", n),
                          n, on_disk, json);
}

static char *
describe_events (HpTrace *trace)
{
  guint64          events = 0, rows = 0;
  g_autofree char *events_text = NULL;
  g_autofree char *rows_text = NULL;

  GPtrArray *summaries = hp_trace_get_summaries (trace);

  if (summaries != NULL)
    {
      for (guint i = 0; i < summaries->len; i++)
        events += hp_summary_get_n_events (summaries->pdata[i]);
      events_text = g_strdup_printf ("%" G_GUINT64_FORMAT, events);
      /* Translators: the events of the traces a folder of rank summaries was made from */
      return g_strdup_printf (_ ("%s, in rank summaries"), events_text);
    }
  for (guint i = 0; i < hp_trace_get_n_ranks (trace); i++)
    {
      events += hp_trace_get_rank (trace, i)->n_events;
      rows += hp_trace_get_rank (trace, i)->n_rows;
    }
  /* gettext cannot see through G_GUINT64_FORMAT: format the numbers first */
  events_text = g_strdup_printf ("%" G_GUINT64_FORMAT, events);
  rows_text = g_strdup_printf ("%" G_GUINT64_FORMAT, rows);
  /* Translators: events read, then how many of them the analyses use */
  return g_strdup_printf (_ ("%s (%s analysed)"), events_text, rows_text);
}

static void
fill_summary (HpOverviewPanel *self)
{
  HpSession       *session = hp_analysis_panel_get_session (HP_ANALYSIS_PANEL (self));
  HpTrace         *trace;
  GtkWidget       *child;
  g_autofree char *ranks = NULL;
  g_autofree char *iterations = NULL;
  g_autofree char *span = NULL;
  g_autofree char *files = NULL;
  g_autofree char *events = NULL;
  const char      *rules;
  int              row = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->summary_grid))) != NULL)
    gtk_grid_remove (self->summary_grid, child);
  if (session == NULL)
    return;

  trace = hp_session_get_trace (session);
  ranks = describe_ranks (trace);
  iterations = describe_iterations (trace);
  span = describe_span (trace);
  files = describe_files (trace);
  events = describe_events (trace);
  if (hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT)
    rules = hp_trace_get_include_last_step (trace) ? _ ("HTA compatibility, last iteration included")
                                                   : _ ("HTA compatibility");
  else
    rules = hp_trace_get_include_last_step (trace) ? _ ("Hotpath's corrected rules, last iteration included")
                                                   : _ ("Hotpath's corrected rules");

  add_summary_row (self, row++, _ ("Ranks"), ranks);
  add_summary_row (self, row++, _ ("Device"), hp_trace_get_device_type (trace));
  add_summary_row (self, row++, _ ("Iterations"), iterations);
  add_summary_row (self, row++, _ ("Time span"), span);
  add_summary_row (self, row++, _ ("Events"), events);
  add_summary_row (self, row++, _ ("Files"), files);
  add_summary_row (self, row++, _ ("Rules"), rules);
}

static GtkWidget *
finding_row (const char *text)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *bullet = gtk_image_new_from_icon_name ("dialog-information-symbolic");
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *holder = finding_text_new (label);

  gtk_widget_add_css_class (row, "hp-finding");
  gtk_widget_add_css_class (bullet, "hp-finding-icon");
  gtk_widget_set_valign (bullet, GTK_ALIGN_START);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  set_selectable_text (GTK_LABEL (label));
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (row), bullet);
  gtk_box_append (GTK_BOX (row), holder);
  return row;
}

/* the tables of @analysis the panel's session computed, for the findings */
static GPtrArray *
panel_result (const char *analysis,
              gpointer    panel)
{
  return hp_analysis_panel_get_tables (panel, analysis);
}

static void
hp_overview_panel_results_changed (HpAnalysisPanel *panel)
{
  HpOverviewPanel *self = HP_OVERVIEW_PANEL (panel);
  g_auto (GStrv) findings = NULL;
  GtkWidget      *child;
  HpFindingTables tables = { NULL };

  /* the tables `hotpath-cli findings` reads, named in core */
  hp_finding_tables_from_results (&tables, panel_result, panel);
  findings = hp_findings_collect (&tables, MAX_FINDINGS);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->findings_box))) != NULL)
    gtk_box_remove (self->findings_box, child);
  for (guint i = 0; findings[i] != NULL; i++)
    gtk_box_append (self->findings_box, finding_row (findings[i]));

  gtk_widget_set_visible (GTK_WIDGET (self->findings_status), findings[0] == NULL);
  if (findings[0] != NULL)
    return;
  if (hp_analysis_panel_is_busy (panel))
    gtk_label_set_text (self->findings_status, _ ("Looking for findings…"));
  else if (tables.temporal == NULL && tables.overlap == NULL)
    /* idle time alone says too little */
    gtk_label_set_text (self->findings_status,
                        _ ("Findings appear here once the temporal breakdown and overlap "
                           "analyses are available."));
  else
    gtk_label_set_text (self->findings_status,
                        _ ("Nothing stands out in the temporal breakdown, idle time and overlap."));
}

static void
hp_overview_panel_add_charts (HpAnalysisPanel *panel)
{
  HpTable *temporal = hp_analysis_panel_find_table (panel, HP_TEMPORAL_BREAKDOWN_ANALYSIS, NULL);
  HpTable *kernel_types =
      hp_analysis_panel_find_table (panel, HP_KERNEL_BREAKDOWN_ANALYSIS, HP_KERNEL_BREAKDOWN_TYPE_TABLE);
  HpTable *overlap = hp_analysis_panel_find_table (panel, HP_COMM_COMP_OVERLAP_ANALYSIS, NULL);

  hp_analysis_panel_add_table_charts (panel, temporal, HP_ANALYSIS_PANEL_CHART_DEFAULT);
  hp_analysis_panel_add_table_charts (panel, kernel_types, HP_ANALYSIS_PANEL_CHART_DEFAULT);
  hp_analysis_panel_add_table_charts (panel, overlap, HP_ANALYSIS_PANEL_CHART_DEFAULT);
}

static void
hp_overview_panel_session_changed (HpAnalysisPanel *panel)
{
  HpOverviewPanel *self = HP_OVERVIEW_PANEL (panel);
  HpSession       *session = hp_analysis_panel_get_session (panel);
  g_autoptr (HpHealthReport) health = NULL;

  fill_summary (self);
  if (session != NULL)
    health = hp_health_check (hp_session_get_trace (session), NULL);
  hp_health_view_fill (self->health_box, health);
}

static void
hp_overview_panel_dispose (GObject *object)
{
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (HP_OVERVIEW_PANEL (object)->summary_grid != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_OVERVIEW_PANEL);

  G_OBJECT_CLASS (hp_overview_panel_parent_class)->dispose (object);
}

static void
hp_overview_panel_class_init (HpOverviewPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_overview_panel_dispose;
  panel_class->session_changed = hp_overview_panel_session_changed;
  panel_class->results_changed = hp_overview_panel_results_changed;
  panel_class->add_charts = hp_overview_panel_add_charts;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-overview-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpOverviewPanel, summary_grid);
  gtk_widget_class_bind_template_child (widget_class, HpOverviewPanel, findings_box);
  gtk_widget_class_bind_template_child (widget_class, HpOverviewPanel, findings_status);
  gtk_widget_class_bind_template_child (widget_class, HpOverviewPanel, health_box);

  hp_analysis_panel_class_add_analysis (panel_class, HP_TEMPORAL_BREAKDOWN_ANALYSIS, _ ("Temporal breakdown"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
  hp_analysis_panel_class_add_analysis (panel_class, HP_IDLE_TIME_ANALYSIS, _ ("Idle time breakdown"),
                                        HP_ANALYSIS_PANEL_FLAGS_NONE);
  hp_analysis_panel_class_add_analysis (panel_class, HP_COMM_COMP_OVERLAP_ANALYSIS,
                                        _ ("Communication and computation overlap"),
                                        HP_ANALYSIS_PANEL_FLAGS_NONE);
  /* to name the rank late to collectives */
  hp_analysis_panel_class_add_analysis (panel_class, HP_COLLECTIVES_ANALYSIS, _ ("Collectives across ranks"),
                                        HP_ANALYSIS_PANEL_FLAGS_NONE);
  /* to name the rank on the critical path across ranks, whatever rank
   * the Critical path tab shows */
  hp_analysis_panel_class_add_analysis (panel_class, HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS,
                                        _ ("Critical path across ranks"), HP_ANALYSIS_PANEL_SEVERAL_RANKS);
  /* for the kernel type donut; the Kernels tab shows its tables */
  hp_analysis_panel_class_add_analysis (panel_class, HP_KERNEL_BREAKDOWN_ANALYSIS, _ ("Kernel breakdown"),
                                        HP_ANALYSIS_PANEL_FLAGS_NONE);
}

static void
hp_overview_panel_init (HpOverviewPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
hp_overview_panel_new (void)
{
  return g_object_new (HP_TYPE_OVERVIEW_PANEL, NULL);
}
