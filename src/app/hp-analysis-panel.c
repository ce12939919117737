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
 * The class is split by job: see hp-analysis-panel-private.h.
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

#include "hp-analysis-panel-private.h"

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

HpAnalysisPanelPrivate *
_hp_analysis_panel_get_private (HpAnalysisPanel *self)
{
  return hp_analysis_panel_get_instance_private (self);
}

GArray *
_hp_analysis_panel_class_analyses (GType type)
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
  GArray *list = _hp_analysis_panel_class_analyses (G_OBJECT_TYPE (self));

  for (guint i = 0; list != NULL && i < list->len; i++)
    if (g_str_equal (g_array_index (list, PanelAnalysis, i).name, name))
      return &g_array_index (list, PanelAnalysis, i);
  return NULL;
}

gboolean
_hp_analysis_panel_same_order (GPtrArray *a,
                               GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (a->pdata[i] != b->pdata[i])
      return FALSE;
  return TRUE;
}

/* why a table of @name has no rows: what the trace lacks of what the
 * analysis needs; the table's own note, shown above it, when it has one;
 * else that nothing in the trace falls in it */
static char *
empty_table_reason (HpAnalysisPanel *self,
                    const char      *name,
                    HpTable         *table)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  const HpAnalysis       *analysis = hp_analysis_find (name);
  HpTrace                *trace = priv->session != NULL ? hp_session_get_trace (priv->session) : NULL;
  char                   *reason = NULL;

  if (trace != NULL && analysis != NULL)
    reason = hp_no_data_reason (&trace, NULL, 1, hp_analysis_data_needs (analysis));
  if (reason != NULL || hp_table_get_note (table) != NULL)
    return reason;
  /* Translators: why a table is empty when the trace has what its analysis needs */
  return g_strdup (_ ("nothing in this trace or its scope falls in this table; the analysis’ settings may leave "
                      "it out"));
}

/* Shows what the session has for the panel's analyses */
static void
refresh (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  HpAnalysisPanelClass   *klass = HP_ANALYSIS_PANEL_GET_CLASS (self);
  GArray                 *list = _hp_analysis_panel_class_analyses (G_OBJECT_TYPE (self));
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  g_autoptr (GHashTable) used = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer       value;
  gboolean       busy = FALSE;

  priv->stale = FALSE;
  _hp_analysis_panel_clear_box (priv->status_box);
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
        _hp_analysis_panel_add_status (self, analysis, error);
      else if (state == HP_ANALYSIS_STATE_RUNNING)
        _hp_analysis_panel_keep_views_of (self, analysis->name, order);
      else if (state == HP_ANALYSIS_STATE_DONE && tables != NULL)
        for (guint t = 0; t < tables->len; t++)
          {
            HpTable         *table = tables->pdata[t];
            g_autofree char *key = g_strconcat (analysis->name, "/", hp_table_get_name (table), NULL);
            HpTableView     *view = _hp_analysis_panel_ensure_view (self, key);

            g_autofree char *reason = NULL;

            hp_table_view_set_table (view, table);
            if (hp_table_get_n_rows (table) == 0)
              reason = empty_table_reason (self, analysis->name, table);
            hp_table_view_set_empty_reason (view, reason);
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
  if (!_hp_analysis_panel_same_order (order, priv->view_order))
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

  _hp_analysis_panel_update_charts (self);
  if (klass->results_changed != NULL)
    klass->results_changed (self);
}

/* Asks the session for every analysis of the panel, once it is shown */
static void
request_analyses (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);
  GArray                 *list = _hp_analysis_panel_class_analyses (G_OBJECT_TYPE (self));

  if (priv->session == NULL || priv->requested || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  priv->requested = TRUE;
  priv->requesting = TRUE;
  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      const PanelAnalysis *analysis = &g_array_index (list, PanelAnalysis, i);

      if ((analysis->flags & HP_ANALYSIS_PANEL_SEVERAL_RANKS) != 0 &&
          hp_trace_get_n_ranks (hp_session_get_trace (priv->session)) < 2)
        continue;
      hp_session_run_analysis (priv->session, analysis->name);
    }
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
void
_hp_analysis_panel_refresh_if_stale (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = hp_analysis_panel_get_instance_private (self);

  if (priv->stale && priv->tables_box != NULL)
    refresh (self);
}

static void
hp_analysis_panel_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (hp_analysis_panel_parent_class)->map (widget);

  request_analyses (HP_ANALYSIS_PANEL (widget));
  _hp_analysis_panel_refresh_if_stale (HP_ANALYSIS_PANEL (widget));
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

  klass->export_chart = _hp_analysis_panel_real_export_chart;
  klass->add_charts = _hp_analysis_panel_real_add_charts;

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
  list = _hp_analysis_panel_class_analyses (G_OBJECT_TYPE (self));
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
    _hp_analysis_panel_clear_charts (self);

  if (session != NULL)
    {
      g_signal_connect_swapped (session, "analysis-started", G_CALLBACK (analysis_event_cb), self);
      g_signal_connect_swapped (session, "analysis-finished", G_CALLBACK (analysis_event_cb), self);
      g_signal_connect_swapped (session, "params-changed", G_CALLBACK (_hp_analysis_panel_sync_controls), self);
      g_signal_connect_swapped (session, "notify::selected-rank", G_CALLBACK (_hp_analysis_panel_filter_charts), self);
    }

  _hp_analysis_panel_sync_controls (self);
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

  list = _hp_analysis_panel_class_analyses (G_OBJECT_TYPE (self));
  for (guint i = 0; priv->session != NULL && list != NULL && i < list->len; i++)
    if (hp_session_get_analysis_state (priv->session, g_array_index (list, PanelAnalysis, i).name) ==
        HP_ANALYSIS_STATE_RUNNING)
      return TRUE;
  return FALSE;
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
 * The class is split by job: see hp-analysis-panel-private.h.
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
