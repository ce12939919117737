/* hp-analysis-panel.c — the base of every tab: controls, charts and tables of some analyses.
 *
 * A subclass names the analyses it shows in class_init
 * (hp_analysis_panel_class_add_analysis) and adds its controls from its own
 * template as `<child type="controls">`, or extra content above the charts
 * as `<child type="summary">`. The base asks the session for those analyses
 * when the panel is first shown, and turns each result into an HpTableView
 * (kept across re-runs, so sorting and filters survive a parameter change)
 * or into a line in the status area when the analysis failed or is not in
 * this build. Results that arrive while the panel is out of sight (another
 * tab) are shown when it is mapped again.
 *
 * Charts: `charts_box` (hp_analysis_panel_get_charts_box) sits between the
 * controls and the tables. It holds an HpChartGrid of the panel's charts
 * and an expander with the charts that would make the panel too long. Once
 * the panel's analyses are done, and only when their tables changed, the
 * charts are cleared and the add_charts vfunc adds them again; while an
 * analysis runs again the old charts stay. Charts whose name ends in
 * `_rank<N>` (hp-chart-adapters.c) belong to rank N and hide when the
 * header bar selects another rank; charts comparing ranks stay.
 *
 * Linked views: when the subclass maps rows to timeline events (the
 * link_row vfunc), the tables it can map offer "Show on Timeline" (and
 * double-click); the panel then emits HpAnalysisPanel::show-on-timeline,
 * which the trace page turns into a jump to the Timeline tab.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-analysis-panel.h"
#include "hp-chart-grid.h"

typedef struct
{
  const char          *name; /* interned */
  char                *title;
  HpAnalysisPanelFlags flags;
} PanelAnalysis;

/* a control of one analysis parameter (hp_analysis_panel_bind_param()) */
typedef struct
{
  const HpParamSpec *spec;
  GtkWidget         *widget; /* GtkSpinButton, GtkCheckButton or GtkEditable */
} BoundParam;

typedef struct
{
  /* Template widgets */
  GtkLabel    *title_label;
  GtkLabel    *description_label;
  GtkSpinner  *spinner;
  GtkBox      *controls_box;
  GtkBox      *summary_box;
  GtkBox      *charts_box;
  HpChartGrid *chart_grid;
  GtkExpander *more_expander;
  HpChartGrid *more_grid;
  GtkBox      *status_box;
  GtkBox      *tables_box;

  /* Owned references */
  HpSession  *session;
  char       *title;
  char       *description;
  GHashTable *views;        /* "analysis/table" → HpTableView */
  GPtrArray  *view_order;   /* HpTableView, as shown */
  GPtrArray  *chart_tables; /* HpTable, what the charts were made of */
  GPtrArray  *chart_views;  /* HpChartView, main grid first */

  GArray *bound_params; /* BoundParam: the controls of the panel's parameters */

  guint    syncing;
  gboolean requested;
  gboolean requesting; /* starting the analyses: one refresh at the end */
  gboolean stale;      /* results changed while the panel was not shown */
} HpAnalysisPanelPrivate;

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_TITLE,
  PROP_DESCRIPTION,
  N_PROPS
};

enum
{
  SHOW_ON_TIMELINE,
  N_SIGNALS
};

static void buildable_iface_init (GtkBuildableIface *iface);

G_DEFINE_TYPE_WITH_CODE (HpAnalysisPanel, hp_analysis_panel, GTK_TYPE_WIDGET, G_ADD_PRIVATE (HpAnalysisPanel) G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, buildable_iface_init))

static GParamSpec        *properties[N_PROPS];
static guint              signals[N_SIGNALS];
static GtkBuildableIface *parent_buildable_iface;
static GQuark             analyses_quark;

static GArray *
class_analyses (GType type)
{
  /* a subclass without analyses of its own shows its parent's */
  for (; type != 0 && type != HP_TYPE_ANALYSIS_PANEL; type = g_type_parent (type))
    {
      GArray *list = g_type_get_qdata (type, analyses_quark);

      if (list != NULL)
        return list;
    }
  return NULL;
}

static const PanelAnalysis *
find_analysis (HpAnalysisPanel *self,
               const char      *name)
{
  GArray *list = class_analyses (G_OBJECT_TYPE (self));

  for (guint i = 0; list != NULL && i < list->len; i++)
    if (g_str_equal (g_array_index (list, PanelAnalysis, i).name, name))
      return &g_array_index (list, PanelAnalysis, i);
  return NULL;
}

static GtkWidget *
status_row (const char *icon_name,
            const char *text)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *image = gtk_image_new_from_icon_name (icon_name);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *text_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_widget_add_css_class (row, "hp-status");
  gtk_widget_set_valign (image, GTK_ALIGN_START);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  /* in a vertical box, so that the row lines up no baseline (see
   * hp-health-view.c) */
  gtk_box_append (GTK_BOX (text_box), label);
  gtk_box_append (GTK_BOX (row), image);
  gtk_box_append (GTK_BOX (row), text_box);
  return row;
}

static void
add_status (HpAnalysisPanel     *self,
            const PanelAnalysis *analysis,
            const GError        *error)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  g_autofree char        *text = NULL;
  const char             *icon = "dialog-information-symbolic";

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
    /* Translators: %s is an analysis, such as "Kernel breakdown" */
    text = g_strdup_printf (_ ("%s is not available in this version of Hotpath."), analysis->title);
  else if (g_error_matches (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA))
    /* Translators: an analysis, then why it has nothing to show */
    text = g_strdup_printf (_ ("%s: %s"), analysis->title, error->message);
  else
    {
      /* Translators: an analysis, then the reason it failed */
      text = g_strdup_printf (_ ("%s failed: %s"), analysis->title, error->message);
      icon = "dialog-warning-symbolic";
    }
  gtk_box_append (priv->status_box, status_row (icon, text));
}

static void
row_activated_cb (HpTableView *view,
                  guint        row,
                  gpointer     user_data)
{
  hp_analysis_panel_show_row_on_timeline (HP_ANALYSIS_PANEL (user_data), hp_table_view_get_table (view), row);
}

static HpTableView *
ensure_view (HpAnalysisPanel *self,
             const char      *key)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  HpTableView            *view = g_hash_table_lookup (priv->views, key);

  if (view == NULL)
    {
      view = HP_TABLE_VIEW (hp_table_view_new ());
      g_object_ref_sink (view);
      g_object_bind_property (priv->session, "selected-rank", view, "rank", G_BINDING_SYNC_CREATE);
      g_signal_connect_object (view, "row-activated", G_CALLBACK (row_activated_cb), self, 0);
      g_hash_table_insert (priv->views, g_strdup (key), view);
    }
  return view;
}

/* The views still showing results of @name, kept while it runs again */
static void
keep_views_of (HpAnalysisPanel *self,
               const char      *name,
               GPtrArray       *order)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  g_autofree char        *prefix = g_strconcat (name, "/", NULL);
  GHashTableIter          iter;
  gpointer                key, value;

  for (guint i = 0; i < priv->view_order->len; i++)
    {
      g_hash_table_iter_init (&iter, priv->views);
      while (g_hash_table_iter_next (&iter, &key, &value))
        if (value == priv->view_order->pdata[i] && g_str_has_prefix (key, prefix))
          g_ptr_array_add (order, value);
    }
}

static gboolean
same_order (GPtrArray *a,
            GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (a->pdata[i] != b->pdata[i])
      return FALSE;
  return TRUE;
}

static void
clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

/* Shows the charts of the selected rank and of every rank */
static void
filter_charts (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  int                     selected = priv->session != NULL ? hp_session_get_selected_rank (priv->session) : -1;
  guint                   n_shown = 0, n_more = 0;

  for (guint i = 0; i < priv->chart_views->len; i++)
    {
      HpChartView *view = priv->chart_views->pdata[i];
      int          rank = hp_chart_view_get_rank (view);
      gboolean     shown = rank < 0 || selected < 0 || rank == selected;

      gtk_widget_set_visible (GTK_WIDGET (view), shown);
      if (!shown)
        continue;
      n_shown++;
      if (gtk_widget_get_parent (GTK_WIDGET (view)) == GTK_WIDGET (priv->more_grid))
        n_more++;
    }

  if (n_more > 0)
    {
      g_autofree char *label = g_strdup_printf (ngettext ("Show %u more chart", "Show %u more charts", n_more),
                                                n_more);

      gtk_expander_set_label (priv->more_expander, label);
    }
  gtk_widget_set_visible (GTK_WIDGET (priv->more_expander), n_more > 0);
  gtk_widget_set_visible (GTK_WIDGET (priv->chart_grid), n_shown > n_more);
  gtk_widget_set_visible (GTK_WIDGET (priv->charts_box), n_shown > 0);
}

static void
clear_charts (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  hp_chart_grid_remove_all (priv->chart_grid);
  hp_chart_grid_remove_all (priv->more_grid);
  g_ptr_array_set_size (priv->chart_views, 0);
  g_ptr_array_set_size (priv->chart_tables, 0);
}

/* Makes the charts again when the panel's results changed; the tables are
 * kept referenced so that a new result can never reuse an old address */
static void
update_charts (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  HpAnalysisPanelClass   *klass = HP_ANALYSIS_PANEL_GET_CLASS (self);
  GArray                 *list = class_analyses (G_OBJECT_TYPE (self));
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);

  if (priv->chart_views == NULL || hp_analysis_panel_is_busy (self))
    return;

  for (guint i = 0; priv->session != NULL && list != NULL && i < list->len; i++)
    {
      GPtrArray *result = NULL;

      hp_session_get_result (priv->session, g_array_index (list, PanelAnalysis, i).name, &result, NULL);
      for (guint t = 0; result != NULL && t < result->len; t++)
        g_ptr_array_add (tables, hp_table_ref (result->pdata[t]));
    }
  if (same_order (tables, priv->chart_tables))
    return;

  clear_charts (self);
  g_ptr_array_extend_and_steal (priv->chart_tables, g_steal_pointer (&tables));
  if (priv->chart_tables->len > 0 && klass->add_charts != NULL)
    klass->add_charts (self);
  filter_charts (self);
}

/* Shows what the session has for the panel's analyses */
static void
refresh (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  HpAnalysisPanelClass   *klass = HP_ANALYSIS_PANEL_GET_CLASS (self);
  GArray                 *list = class_analyses (G_OBJECT_TYPE (self));
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  g_autoptr (GHashTable) used = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer       value;
  gboolean       busy = FALSE;

  priv->stale = FALSE;
  clear_box (priv->status_box);
  for (guint i = 0; priv->session != NULL && list != NULL && i < list->len; i++)
    {
      const PanelAnalysis *analysis = &g_array_index (list, PanelAnalysis, i);
      HpAnalysisState      state = hp_session_get_analysis_state (priv->session, analysis->name);
      GPtrArray           *tables = NULL;
      const GError        *error = NULL;

      busy |= state == HP_ANALYSIS_STATE_RUNNING;
      if ((analysis->flags & HP_ANALYSIS_PANEL_SHOW_TABLES) == 0)
        continue;

      hp_session_get_result (priv->session, analysis->name, &tables, &error);
      if (state == HP_ANALYSIS_STATE_FAILED && error != NULL)
        add_status (self, analysis, error);
      else if (state == HP_ANALYSIS_STATE_RUNNING)
        keep_views_of (self, analysis->name, order);
      else if (state == HP_ANALYSIS_STATE_DONE && tables != NULL)
        for (guint t = 0; t < tables->len; t++)
          {
            HpTable         *table = tables->pdata[t];
            g_autofree char *key = g_strconcat (analysis->name, "/", hp_table_get_name (table), NULL);
            HpTableView     *view = ensure_view (self, key);

            hp_table_view_set_table (view, table);
            hp_table_view_set_linked (view, hp_analysis_panel_can_link_table (self, table));
            g_ptr_array_add (order, view);
          }
    }

  for (guint i = 0; i < order->len; i++)
    g_hash_table_add (used, order->pdata[i]);
  g_hash_table_iter_init (&iter, priv->views);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (!g_hash_table_contains (used, value))
      g_hash_table_iter_remove (&iter);

  /* move views rather than re-adding them: re-parenting would lose their
   * scroll positions */
  if (!same_order (order, priv->view_order))
    {
      GtkWidget *previous = NULL;
      GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (priv->tables_box));

      while (child != NULL)
        {
          GtkWidget *next = gtk_widget_get_next_sibling (child);

          if (!g_hash_table_contains (used, child))
            gtk_box_remove (priv->tables_box, child);
          child = next;
        }
      for (guint i = 0; i < order->len; i++)
        {
          GtkWidget *view = order->pdata[i];

          if (gtk_widget_get_parent (view) == GTK_WIDGET (priv->tables_box))
            gtk_box_reorder_child_after (priv->tables_box, view, previous);
          else
            gtk_box_insert_child_after (priv->tables_box, view, previous);
          previous = view;
        }
      g_ptr_array_set_size (priv->view_order, 0);
      g_ptr_array_extend (priv->view_order, order, NULL, NULL);
    }

  gtk_widget_set_visible (GTK_WIDGET (priv->status_box),
                          gtk_widget_get_first_child (GTK_WIDGET (priv->status_box)) != NULL);
  gtk_widget_set_visible (GTK_WIDGET (priv->spinner), busy);
  gtk_spinner_set_spinning (priv->spinner, busy);

  update_charts (self);
  if (klass->results_changed != NULL)
    klass->results_changed (self);
}

/* Asks the session for every analysis of the panel, once it is shown */
static void
request_analyses (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  GArray                 *list = class_analyses (G_OBJECT_TYPE (self));

  if (priv->session == NULL || priv->requested || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  priv->requested = TRUE;
  priv->requesting = TRUE;
  for (guint i = 0; list != NULL && i < list->len; i++)
    hp_session_run_analysis (priv->session, g_array_index (list, PanelAnalysis, i).name);
  priv->requesting = FALSE;
  refresh (self);
}

/* A panel out of sight (another tab) only notes that its results
 * changed, and shows them when it is mapped again: building its tables
 * and charts, and measuring them in the notebook, would delay the
 * visible tab for nothing. */
static void
analysis_event_cb (HpAnalysisPanel *self,
                   const char      *name)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  if (find_analysis (self, name) == NULL)
    return;
  if (priv->requesting || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    priv->stale = TRUE;
  else
    refresh (self);
}

/* Brings a panel out of sight up to date, for the accessors */
static void
refresh_if_stale (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  if (priv->stale && priv->tables_box != NULL)
    refresh (self);
}

/* the session's parameters into the bound controls */
static void
write_bound_params (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  const HpAnalysisParams *params = hp_analysis_panel_get_params (self);

  for (guint i = 0; i < priv->bound_params->len; i++)
    {
      BoundParam *b = &g_array_index (priv->bound_params, BoundParam, i);

      if (GTK_IS_SPIN_BUTTON (b->widget))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (b->widget), hp_param_get_number (b->spec, params));
      else if (GTK_IS_CHECK_BUTTON (b->widget))
        gtk_check_button_set_active (GTK_CHECK_BUTTON (b->widget), hp_param_get_number (b->spec, params) != 0);
      else
        {
          g_autofree char *text = hp_param_to_string (b->spec, params);

          /* an empty list means every one: the placeholder says so */
          gtk_editable_set_text (GTK_EDITABLE (b->widget), g_strcmp0 (text, "all") == 0 ? "" : text);
          gtk_widget_remove_css_class (b->widget, "error");
        }
    }
}

static void
sync_controls (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  HpAnalysisPanelClass   *klass = HP_ANALYSIS_PANEL_GET_CLASS (self);

  priv->syncing++;
  write_bound_params (self);
  if (klass->session_changed != NULL)
    klass->session_changed (self);
  priv->syncing--;
}

/* a bound control changed: every bound value into the session's
 * parameters, which re-runs what they affect */
static void
bound_param_changed_cb (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  HpAnalysisParams        params;

  if (!hp_analysis_panel_begin_params (self, &params))
    return;
  for (guint i = 0; i < priv->bound_params->len; i++)
    {
      BoundParam *b = &g_array_index (priv->bound_params, BoundParam, i);

      if (GTK_IS_SPIN_BUTTON (b->widget))
        hp_param_set_number (b->spec, &params, gtk_spin_button_get_value (GTK_SPIN_BUTTON (b->widget)));
      else if (GTK_IS_CHECK_BUTTON (b->widget))
        hp_param_set_number (b->spec, &params, gtk_check_button_get_active (GTK_CHECK_BUTTON (b->widget)));
      else if (hp_param_parse (b->spec, &params, gtk_editable_get_text (GTK_EDITABLE (b->widget)), NULL))
        gtk_widget_remove_css_class (b->widget, "error");
      else
        {
          /* keep the value being typed; say it is wrong */
          gtk_widget_add_css_class (b->widget, "error");
          gtk_widget_error_bell (b->widget);
          hp_analysis_params_clear (&params);
          return;
        }
    }
  hp_analysis_panel_commit_params (self, &params);
}

/**
 * hp_analysis_panel_bind_param:
 * @name: a parameter of the registry (hp_param_spec_find())
 * @widget: the control that sets it: a #GtkSpinButton for a number, a
 *   #GtkCheckButton for a boolean, a #GtkEditable (applied on Enter) for a
 *   list
 *
 * Makes @widget the panel's control of the parameter: its range, digits
 * and help come from the parameter's spec (a narrower range the template
 * sets is kept), it shows the session's value, and a change gives the
 * session the new parameters.
 */
void
hp_analysis_panel_bind_param (HpAnalysisPanel *self,
                              const char      *name,
                              GtkWidget       *widget)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  BoundParam              b = { hp_param_spec_find (name), widget };

  g_return_if_fail (HP_IS_ANALYSIS_PANEL (self));
  g_return_if_fail (b.spec != NULL);
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (gtk_widget_get_tooltip_text (widget) == NULL)
    gtk_widget_set_tooltip_text (widget, b.spec->help);
  if (GTK_IS_SPIN_BUTTON (widget))
    {
      GtkSpinButton *spin = GTK_SPIN_BUTTON (widget);
      double         lower, upper;

      gtk_spin_button_get_range (spin, &lower, &upper);
      gtk_spin_button_set_range (spin, MAX (lower, b.spec->minimum), MIN (upper, b.spec->maximum));
      if (b.spec->type != HP_PARAM_DOUBLE)
        gtk_spin_button_set_digits (spin, 0);
      g_signal_connect_swapped (widget, "value-changed", G_CALLBACK (bound_param_changed_cb), self);
    }
  else if (GTK_IS_CHECK_BUTTON (widget))
    g_signal_connect_swapped (widget, "toggled", G_CALLBACK (bound_param_changed_cb), self);
  else if (GTK_IS_EDITABLE (widget))
    {
      if (GTK_IS_ENTRY (widget))
        g_signal_connect_swapped (widget, "activate", G_CALLBACK (bound_param_changed_cb), self);
      else
        g_signal_connect_swapped (gtk_editable_get_delegate (GTK_EDITABLE (widget)), "activate",
                                  G_CALLBACK (bound_param_changed_cb), self);
    }
  else
    g_return_if_reached ();
  g_array_append_val (priv->bound_params, b);
}

static gboolean
hp_analysis_panel_real_export_chart (HpAnalysisPanel *self)
{
  HpChartView *view = hp_analysis_panel_get_main_chart_view (self);

  if (view == NULL)
    return FALSE;
  hp_chart_view_export (view, HP_EXPORT_FORMAT_PNG);
  return TRUE;
}

static void
hp_analysis_panel_real_add_charts (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  GArray                 *list = class_analyses (G_OBJECT_TYPE (self));

  for (guint i = 0; priv->session != NULL && list != NULL && i < list->len; i++)
    {
      const PanelAnalysis *analysis = &g_array_index (list, PanelAnalysis, i);
      GPtrArray           *tables = NULL;

      if ((analysis->flags & HP_ANALYSIS_PANEL_SHOW_TABLES) == 0)
        continue;
      hp_session_get_result (priv->session, analysis->name, &tables, NULL);
      for (guint t = 0; tables != NULL && t < tables->len; t++)
        hp_analysis_panel_add_table_charts (self, tables->pdata[t], HP_ANALYSIS_PANEL_CHART_DEFAULT);
    }
}

static void
hp_analysis_panel_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (hp_analysis_panel_parent_class)->map (widget);

  request_analyses (HP_ANALYSIS_PANEL (widget));
  refresh_if_stale (HP_ANALYSIS_PANEL (widget));
}

static void
hp_analysis_panel_buildable_add_child (GtkBuildable *buildable,
                                       GtkBuilder   *builder,
                                       GObject      *child,
                                       const char   *type)
{
  HpAnalysisPanel        *self = HP_ANALYSIS_PANEL (buildable);
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  if (g_strcmp0 (type, "controls") == 0 && GTK_IS_WIDGET (child))
    {
      gtk_box_append (priv->controls_box, GTK_WIDGET (child));
      gtk_widget_set_visible (GTK_WIDGET (priv->controls_box), TRUE);
    }
  else if (g_strcmp0 (type, "summary") == 0 && GTK_IS_WIDGET (child))
    {
      gtk_box_append (priv->summary_box, GTK_WIDGET (child));
      gtk_widget_set_visible (GTK_WIDGET (priv->summary_box), TRUE);
    }
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
buildable_iface_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = hp_analysis_panel_buildable_add_child;
}

static void
hp_analysis_panel_dispose (GObject *object)
{
  HpAnalysisPanel        *self = HP_ANALYSIS_PANEL (object);
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  GtkWidget              *child;

  /* no refresh: the subclass' template is already gone */
  if (priv->session != NULL)
    g_signal_handlers_disconnect_by_data (priv->session, self);
  g_clear_object (&priv->session);
  /* HACK: GTK 4.8's gtk_widget_dispose_template() walks the bound children
   * of the instance's own class rather than of the type it is given, so for
   * a subclass it looks the subclass' children up among ours and aborts.
   * Tear our part down by hand instead: unparent the root and clear the
   * fields; the template's own references go when the widget is finalized. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  priv->title_label = NULL;
  priv->description_label = NULL;
  priv->spinner = NULL;
  priv->controls_box = NULL;
  priv->summary_box = NULL;
  priv->charts_box = NULL;
  priv->chart_grid = NULL;
  priv->more_expander = NULL;
  priv->more_grid = NULL;
  priv->status_box = NULL;
  priv->tables_box = NULL;
  g_clear_pointer (&priv->views, g_hash_table_unref);
  g_clear_pointer (&priv->view_order, g_ptr_array_unref);
  g_clear_pointer (&priv->chart_views, g_ptr_array_unref);
  g_clear_pointer (&priv->chart_tables, g_ptr_array_unref);

  G_OBJECT_CLASS (hp_analysis_panel_parent_class)->dispose (object);
}

static void
hp_analysis_panel_finalize (GObject *object)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (HP_ANALYSIS_PANEL (object));

  g_clear_pointer (&priv->title, g_free);
  g_clear_pointer (&priv->description, g_free);
  g_clear_pointer (&priv->bound_params, g_array_unref);

  G_OBJECT_CLASS (hp_analysis_panel_parent_class)->finalize (object);
}

static void
hp_analysis_panel_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  HpAnalysisPanel *self = HP_ANALYSIS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, hp_analysis_panel_get_session (self));
      break;
    case PROP_TITLE:
      g_value_set_string (value, hp_analysis_panel_get_title (self));
      break;
    case PROP_DESCRIPTION:
      g_value_set_string (value, hp_analysis_panel_get_description (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_analysis_panel_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  HpAnalysisPanel *self = HP_ANALYSIS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      hp_analysis_panel_set_session (self, g_value_get_object (value));
      break;
    case PROP_TITLE:
      hp_analysis_panel_set_title (self, g_value_get_string (value));
      break;
    case PROP_DESCRIPTION:
      hp_analysis_panel_set_description (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_analysis_panel_class_init (HpAnalysisPanelClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_analysis_panel_dispose;
  object_class->finalize = hp_analysis_panel_finalize;
  object_class->get_property = hp_analysis_panel_get_property;
  object_class->set_property = hp_analysis_panel_set_property;

  widget_class->map = hp_analysis_panel_map;

  klass->export_chart = hp_analysis_panel_real_export_chart;
  klass->add_charts = hp_analysis_panel_real_add_charts;

  properties[PROP_SESSION] =
      g_param_spec_object ("session", NULL, NULL, HP_TYPE_SESSION,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
      g_param_spec_string ("title", NULL, NULL, NULL,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DESCRIPTION] =
      g_param_spec_string ("description", NULL, NULL, NULL,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HpAnalysisPanel::show-on-timeline:
   * @linked: (type HpLinkedEvents): the events of the row
   *
   * A row of one of the panel's tables is to be shown on the timeline.
   */
  signals[SHOW_ON_TIMELINE] = g_signal_new ("show-on-timeline", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                            NULL, NULL, G_TYPE_NONE, 1,
                                            HP_TYPE_LINKED_EVENTS | G_SIGNAL_TYPE_STATIC_SCOPE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-analysis-panel.ui");
  gtk_widget_class_bind_template_child_private (widget_class, HpAnalysisPanel, title_label);
  gtk_widget_class_bind_template_child_private (widget_class, HpAnalysisPanel, description_label);
  gtk_widget_class_bind_template_child_private (widget_class, HpAnalysisPanel, spinner);
  gtk_widget_class_bind_template_child_private (widget_class, HpAnalysisPanel, controls_box);
  gtk_widget_class_bind_template_child_private (widget_class, HpAnalysisPanel, summary_box);
  gtk_widget_class_bind_template_child_private (widget_class, HpAnalysisPanel, charts_box);
  gtk_widget_class_bind_template_child_private (widget_class, HpAnalysisPanel, chart_grid);
  gtk_widget_class_bind_template_child_private (widget_class, HpAnalysisPanel, more_expander);
  gtk_widget_class_bind_template_child_private (widget_class, HpAnalysisPanel, more_grid);
  gtk_widget_class_bind_template_child_private (widget_class, HpAnalysisPanel, status_box);
  gtk_widget_class_bind_template_child_private (widget_class, HpAnalysisPanel, tables_box);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hpanalysispanel");

  analyses_quark = g_quark_from_static_string ("hp-analysis-panel-analyses");
  g_type_ensure (HP_TYPE_TABLE_VIEW);
  g_type_ensure (HP_TYPE_CHART_GRID);
}

static void
hp_analysis_panel_init (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  gtk_widget_init_template (GTK_WIDGET (self));

  priv->views = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  priv->bound_params = g_array_new (FALSE, FALSE, sizeof (BoundParam));
  priv->view_order = g_ptr_array_new ();
  priv->chart_views = g_ptr_array_new_with_free_func (g_object_unref);
  priv->chart_tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
}

static void
panel_analysis_clear (gpointer data)
{
  g_free (((PanelAnalysis *)data)->title);
}

/**
 * hp_analysis_panel_class_add_analysis:
 * @klass: a panel class, from its class_init
 * @name: an analysis of the registry, such as "kernel_breakdown"
 * @title: its name for people, for messages such as "not available"
 * @flags: what the base shows of it
 *
 * The panel asks the session for @name when first shown, and shows its
 * tables in the order the analyses were added.
 */
void
hp_analysis_panel_class_add_analysis (HpAnalysisPanelClass *klass,
                                      const char           *name,
                                      const char           *title,
                                      HpAnalysisPanelFlags  flags)
{
  GType         type = G_TYPE_FROM_CLASS (klass);
  GArray       *list;
  PanelAnalysis analysis;

  g_return_if_fail (HP_IS_ANALYSIS_PANEL_CLASS (klass));
  g_return_if_fail (name != NULL);

  list = g_type_get_qdata (type, analyses_quark);
  if (list == NULL)
    {
      /* lives as long as the class, which is never freed */
      list = g_array_new (FALSE, TRUE, sizeof (PanelAnalysis));
      g_array_set_clear_func (list, panel_analysis_clear);
      g_type_set_qdata (type, analyses_quark, list);
    }
  analysis.name = g_intern_string (name);
  analysis.title = g_strdup (title != NULL ? title : name);
  analysis.flags = flags;
  g_array_append_val (list, analysis);
}

/**
 * hp_analysis_panel_dup_analysis_names:
 *
 * Returns: (transfer full): the registry names of the analyses the panel
 *   shows, in order
 */
GStrv
hp_analysis_panel_dup_analysis_names (HpAnalysisPanel *self)
{
  GArray *list;
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  list = class_analyses (G_OBJECT_TYPE (self));
  for (guint i = 0; list != NULL && i < list->len; i++)
    g_strv_builder_add (names, g_array_index (list, PanelAnalysis, i).name);
  return g_strv_builder_end (names);
}

HpSession *
hp_analysis_panel_get_session (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  return priv->session;
}

void
hp_analysis_panel_set_session (HpAnalysisPanel *self,
                               HpSession       *session)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_if_fail (HP_IS_ANALYSIS_PANEL (self));
  g_return_if_fail (session == NULL || HP_IS_SESSION (session));

  if (priv->session == session)
    return;

  if (priv->session != NULL)
    g_signal_handlers_disconnect_by_data (priv->session, self);
  g_set_object (&priv->session, session);
  priv->requested = FALSE;
  if (priv->views != NULL)
    g_hash_table_remove_all (priv->views);
  if (priv->chart_views != NULL)
    clear_charts (self);

  if (session != NULL)
    {
      g_signal_connect_swapped (session, "analysis-started", G_CALLBACK (analysis_event_cb), self);
      g_signal_connect_swapped (session, "analysis-finished", G_CALLBACK (analysis_event_cb), self);
      g_signal_connect_swapped (session, "params-changed", G_CALLBACK (sync_controls), self);
      g_signal_connect_swapped (session, "notify::selected-rank", G_CALLBACK (filter_charts), self);
    }

  sync_controls (self);
  refresh (self);
  request_analyses (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

const char *
hp_analysis_panel_get_title (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  return priv->title;
}

void
hp_analysis_panel_set_title (HpAnalysisPanel *self,
                             const char      *title)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_if_fail (HP_IS_ANALYSIS_PANEL (self));

  if (g_strcmp0 (priv->title, title) == 0)
    return;
  g_free (priv->title);
  priv->title = g_strdup (title);
  gtk_label_set_text (priv->title_label, title != NULL ? title : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

const char *
hp_analysis_panel_get_description (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  return priv->description;
}

void
hp_analysis_panel_set_description (HpAnalysisPanel *self,
                                   const char      *description)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_if_fail (HP_IS_ANALYSIS_PANEL (self));

  if (g_strcmp0 (priv->description, description) == 0)
    return;
  g_free (priv->description);
  priv->description = g_strdup (description);
  gtk_label_set_text (priv->description_label, description != NULL ? description : "");
  gtk_widget_set_visible (GTK_WIDGET (priv->description_label), description != NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DESCRIPTION]);
}

/**
 * hp_analysis_panel_get_charts_box:
 *
 * Where the panel's charts go, between its controls and its tables: the
 * grid of hp_analysis_panel_add_chart() and the expander of the charts
 * behind "Show more charts". Hidden while the panel has no chart.
 *
 * Returns: (transfer none): the charts box
 */
GtkBox *
hp_analysis_panel_get_charts_box (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  return priv->charts_box;
}

/**
 * hp_analysis_panel_get_tables:
 * @name: one of the panel's analyses
 *
 * Returns: (transfer none) (nullable) (element-type HpTable): the current
 *   results of @name, or %NULL while they are not there
 */
GPtrArray *
hp_analysis_panel_get_tables (HpAnalysisPanel *self,
                              const char      *name)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  GPtrArray              *tables = NULL;

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);

  if (priv->session != NULL)
    hp_session_get_result (priv->session, name, &tables, NULL);
  return tables;
}

/**
 * hp_analysis_panel_find_table:
 * @analysis: one of the panel's analyses
 * @table_name: (nullable): a table name, or %NULL for the first table
 *
 * Returns: (transfer none) (nullable): the table
 */
HpTable *
hp_analysis_panel_find_table (HpAnalysisPanel *self,
                              const char      *analysis,
                              const char      *table_name)
{
  GPtrArray *tables = hp_analysis_panel_get_tables (self, analysis);

  if (tables == NULL || tables->len == 0)
    return NULL;
  if (table_name == NULL)
    return tables->pdata[0];
  return hp_analysis_result_find_table (tables, table_name);
}

/**
 * hp_analysis_panel_is_busy:
 *
 * Returns: whether one of the panel's analyses is being computed
 */
gboolean
hp_analysis_panel_is_busy (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  GArray                 *list;

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), FALSE);

  list = class_analyses (G_OBJECT_TYPE (self));
  for (guint i = 0; priv->session != NULL && list != NULL && i < list->len; i++)
    if (hp_session_get_analysis_state (priv->session, g_array_index (list, PanelAnalysis, i).name) ==
        HP_ANALYSIS_STATE_RUNNING)
      return TRUE;
  return FALSE;
}

guint
hp_analysis_panel_get_n_table_views (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), 0);
  refresh_if_stale (self);
  return priv->view_order->len;
}

/**
 * hp_analysis_panel_get_table_view:
 *
 * Returns: (transfer none): the table view at @position, top to bottom
 */
HpTableView *
hp_analysis_panel_get_table_view (HpAnalysisPanel *self,
                                  guint            position)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  refresh_if_stale (self);
  g_return_val_if_fail (position < priv->view_order->len, NULL);
  return priv->view_order->pdata[position];
}

/**
 * hp_analysis_panel_get_main_table_view:
 *
 * Returns: (transfer none) (nullable): the table view holding the focus,
 *   else the first one
 */
HpTableView *
hp_analysis_panel_get_main_table_view (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  refresh_if_stale (self);

  for (guint i = 0; i < priv->view_order->len; i++)
    {
      GtkWidget *view = priv->view_order->pdata[i];

      if (gtk_widget_has_focus (view) ||
          gtk_widget_get_state_flags (view) & GTK_STATE_FLAG_FOCUS_WITHIN)
        return HP_TABLE_VIEW (view);
    }
  return priv->view_order->len > 0 ? priv->view_order->pdata[0] : NULL;
}

/**
 * hp_analysis_panel_export_chart:
 *
 * Exports the panel's main chart (see HpAnalysisPanelClass.export_chart).
 *
 * Returns: %FALSE when the panel has no chart to export
 */
gboolean
hp_analysis_panel_export_chart (HpAnalysisPanel *self)
{
  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), FALSE);
  return HP_ANALYSIS_PANEL_GET_CLASS (self)->export_chart (self);
}

/**
 * hp_analysis_panel_can_link_table:
 * @table: (nullable): one of the panel's tables
 *
 * Returns: whether the rows of @table can be shown on the timeline
 */
gboolean
hp_analysis_panel_can_link_table (HpAnalysisPanel *self,
                                  HpTable         *table)
{
  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), FALSE);

  return hp_analysis_table_has_row_events (table);
}

/**
 * hp_analysis_panel_show_row_on_timeline:
 * @table: one of the panel's tables
 * @row: a row of @table (its index in the table)
 *
 * Linked views: asks the subclass which timeline events the row stands
 * for and emits #HpAnalysisPanel::show-on-timeline with them.
 *
 * Returns: whether the row stands for any event
 */
gboolean
hp_analysis_panel_show_row_on_timeline (HpAnalysisPanel *self,
                                        HpTable         *table,
                                        guint            row)
{
  g_autoptr (HpLinkedEvents) linked = NULL;
  HpTrace *trace;

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), FALSE);
  g_return_val_if_fail (table != NULL, FALSE);

  if (!hp_analysis_panel_can_link_table (self, table) || row >= hp_table_get_n_rows (table))
    return FALSE;
  if (hp_analysis_panel_get_session (self) == NULL)
    return FALSE;
  /* the analysis that made the table knows what its rows stand for, in
   * the scope it ran on; its result may carry them already (the idle
   * gaps) */
  {
    HpSession        *session = hp_analysis_panel_get_session (self);
    const HpAnalysis *analysis = hp_analysis_find_by_table (hp_table_get_name (table));
    HpResult         *result = analysis != NULL ? hp_session_get_analysis_result (session, analysis->name) : NULL;

    trace = hp_session_get_analysis_trace (session);
    if (trace == NULL)
      trace = hp_session_get_trace (session);
    if (result != NULL && hp_result_find_table (result, hp_table_get_name (table)) == table)
      linked = hp_result_row_events (result, trace, table, row);
    else
      linked = hp_analysis_row_events (trace, table, row, hp_analysis_panel_get_params (self));
  }
  if (linked == NULL || linked->events->len == 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }
  g_signal_emit (self, signals[SHOW_ON_TIMELINE], 0, linked);
  return TRUE;
}

/**
 * hp_analysis_panel_get_params:
 *
 * Returns: (transfer none): the session's parameters, or HTA's defaults
 *   without a session
 */
const HpAnalysisParams *
hp_analysis_panel_get_params (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  static HpAnalysisParams defaults;
  static gsize            initialized;

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);

  if (priv->session != NULL)
    return hp_session_get_params (priv->session);
  if (g_once_init_enter (&initialized))
    {
      hp_analysis_params_init (&defaults);
      g_once_init_leave (&initialized, 1);
    }
  return &defaults;
}

/**
 * hp_analysis_panel_begin_params:
 * @params: (out caller-allocates): a copy of the session's parameters
 *
 * Starts a parameter change from a control's handler: change @params, then
 * pass it to hp_analysis_panel_commit_params().
 *
 * Returns: %FALSE (and @params untouched) while the panel is showing the
 *   session's parameters in its controls, or has no session: nothing to do
 */
gboolean
hp_analysis_panel_begin_params (HpAnalysisPanel  *self,
                                HpAnalysisParams *params)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), FALSE);

  if (priv->session == NULL || priv->syncing > 0)
    return FALSE;
  hp_analysis_params_copy (params, hp_session_get_params (priv->session));
  return TRUE;
}

/**
 * hp_analysis_panel_commit_params:
 * @params: (transfer full): parameters from hp_analysis_panel_begin_params()
 *
 * Gives @params to the session, which computes the affected analyses
 * again, and clears @params.
 */
void
hp_analysis_panel_commit_params (HpAnalysisPanel  *self,
                                 HpAnalysisParams *params)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_if_fail (HP_IS_ANALYSIS_PANEL (self));

  if (priv->session != NULL)
    hp_session_set_params (priv->session, params);
  hp_analysis_params_clear (params);
}

/**
 * hp_analysis_panel_add_chart:
 * @chart: a chart of the panel's results
 * @flags: where it goes
 *
 * Adds a view of @chart to the panel's charts; for the add_charts vfunc.
 * A chart named `…_rank<N>` shows only while every rank or rank N is
 * selected.
 *
 * Returns: (transfer none): the new view
 */
HpChartView *
hp_analysis_panel_add_chart (HpAnalysisPanel          *self,
                             HpChart                  *chart,
                             HpAnalysisPanelChartFlags flags)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  HpChartView            *view;
  HpChartGrid            *grid;

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  g_return_val_if_fail (chart != NULL, NULL);

  view = HP_CHART_VIEW (hp_chart_view_new (chart));
  hp_chart_view_set_rank (view, hp_chart_get_rank (chart));
  grid = (flags & HP_ANALYSIS_PANEL_CHART_MORE) != 0 ? priv->more_grid : priv->chart_grid;
  hp_chart_grid_append (grid, GTK_WIDGET (view), (flags & HP_ANALYSIS_PANEL_CHART_WIDE) != 0);

  /* the main grid's views come first */
  if ((flags & HP_ANALYSIS_PANEL_CHART_MORE) != 0)
    g_ptr_array_add (priv->chart_views, g_object_ref (view));
  else
    {
      guint position = 0;

      while (position < priv->chart_views->len &&
             gtk_widget_get_parent (priv->chart_views->pdata[position]) == GTK_WIDGET (priv->chart_grid))
        position++;
      g_ptr_array_insert (priv->chart_views, (int)position, g_object_ref (view));
    }
  return view;
}

/**
 * hp_analysis_panel_add_charts:
 * @charts: (element-type HpChart): charts, as the adapters return them
 *
 * Adds every chart of @charts with hp_analysis_panel_add_chart().
 */
void
hp_analysis_panel_add_charts (HpAnalysisPanel          *self,
                              GPtrArray                *charts,
                              HpAnalysisPanelChartFlags flags)
{
  g_return_if_fail (HP_IS_ANALYSIS_PANEL (self));

  for (guint i = 0; charts != NULL && i < charts->len; i++)
    hp_analysis_panel_add_chart (self, charts->pdata[i], flags);
}

/**
 * hp_analysis_panel_add_table_charts:
 * @table: (nullable): one of the panel's result tables
 *
 * Adds the charts hp_chart_adapt_table() draws for @table, with the
 * session's parameters, in the interface's language.
 *
 * Returns: how many charts were added
 */
guint
hp_analysis_panel_add_table_charts (HpAnalysisPanel          *self,
                                    HpTable                  *table,
                                    HpAnalysisPanelChartFlags flags)
{
  g_autoptr (GPtrArray) charts = NULL;

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), 0);

  if (table == NULL)
    return 0;
  charts = hp_chart_adapt_table_translated (table, hp_analysis_panel_get_params (self), GETTEXT_PACKAGE);
  hp_analysis_panel_add_charts (self, charts, flags);
  return charts->len;
}

/**
 * hp_analysis_panel_get_n_chart_views:
 *
 * Returns: how many charts the panel has, shown or hidden by the rank
 *   selector or the expander
 */
guint
hp_analysis_panel_get_n_chart_views (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), 0);
  refresh_if_stale (self);
  return priv->chart_views->len;
}

/**
 * hp_analysis_panel_get_chart_view:
 *
 * Returns: (transfer none): the chart view at @position, in reading order
 *   with the expander's charts last
 */
HpChartView *
hp_analysis_panel_get_chart_view (HpAnalysisPanel *self,
                                  guint            position)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  refresh_if_stale (self);
  g_return_val_if_fail (position < priv->chart_views->len, NULL);
  return priv->chart_views->pdata[position];
}

/**
 * hp_analysis_panel_find_chart_view:
 * @name: a chart name, such as "temporal_breakdown"
 *
 * Returns: (transfer none) (nullable): the view of the chart named @name
 */
HpChartView *
hp_analysis_panel_find_chart_view (HpAnalysisPanel *self,
                                   const char      *name)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  refresh_if_stale (self);

  for (guint i = 0; i < priv->chart_views->len; i++)
    if (g_strcmp0 (hp_chart_get_name (hp_chart_view_get_chart (priv->chart_views->pdata[i])), name) == 0)
      return priv->chart_views->pdata[i];
  return NULL;
}

/**
 * hp_analysis_panel_get_main_chart_view:
 *
 * Returns: (transfer none) (nullable): the first chart shown (of the
 *   selected rank), the one Ctrl+E exports
 */
HpChartView *
hp_analysis_panel_get_main_chart_view (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  refresh_if_stale (self);

  for (guint i = 0; i < priv->chart_views->len; i++)
    if (gtk_widget_get_visible (priv->chart_views->pdata[i]))
      return priv->chart_views->pdata[i];
  return NULL;
}
