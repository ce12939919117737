/* hp-analysis-panel-charts.c — HpAnalysisPanel's charts: the grid, the expander, the rank filter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hp-analysis-panel-private.h"

/* Shows the charts of the selected rank and of every rank */
void
_hp_analysis_panel_filter_charts (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
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

void
_hp_analysis_panel_clear_charts (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);

  hp_chart_grid_remove_all (priv->chart_grid);
  hp_chart_grid_remove_all (priv->more_grid);
  g_ptr_array_set_size (priv->chart_views, 0);
  g_ptr_array_set_size (priv->chart_tables, 0);
}

/* Makes the charts again when the panel's results changed; the tables are
 * kept referenced so that a new result can never reuse an old address */
void
_hp_analysis_panel_update_charts (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
  HpAnalysisPanelClass   *klass = HP_ANALYSIS_PANEL_GET_CLASS (self);
  GArray                 *list = _hp_analysis_panel_class_analyses (G_OBJECT_TYPE (self));
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
  if (_hp_analysis_panel_same_order (tables, priv->chart_tables))
    return;

  _hp_analysis_panel_clear_charts (self);
  g_ptr_array_extend_and_steal (priv->chart_tables, g_steal_pointer (&tables));
  if (priv->chart_tables->len > 0 && klass->add_charts != NULL)
    klass->add_charts (self);
  _hp_analysis_panel_filter_charts (self);
}

gboolean
_hp_analysis_panel_real_export_chart (HpAnalysisPanel *self)
{
  HpChartView *view = hp_analysis_panel_get_main_chart_view (self);

  if (view == NULL)
    return FALSE;
  hp_chart_view_export (view, HP_EXPORT_FORMAT_PNG);
  return TRUE;
}

void
_hp_analysis_panel_real_add_charts (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
  GArray                 *list = _hp_analysis_panel_class_analyses (G_OBJECT_TYPE (self));

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
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  return priv->charts_box;
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
/* what the trace lacks of what the panel's analyses need, or else that
 * nothing in the trace falls in the chart */
static char *
why_empty (HpAnalysisPanel *self)
{
  HpSession *session = hp_analysis_panel_get_session (self);
  g_auto (GStrv) names = hp_analysis_panel_dup_analysis_names (self);
  guint            needs = 0;
  g_autofree char *reason = NULL;

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      const HpAnalysis *analysis = hp_analysis_find (names[i]);

      if (analysis != NULL)
        needs |= hp_analysis_data_needs (analysis);
    }
  if (session != NULL && hp_session_get_trace (session) != NULL)
    {
      HpTrace *trace = hp_session_get_trace (session);

      reason = hp_no_data_reason (&trace, NULL, 1, needs);
    }
  if (reason != NULL)
    return g_steal_pointer (&reason);
  /* Translators: why a chart is empty when the trace has what its analysis needs */
  return g_strdup (_ ("nothing in this trace, its scope or the chosen rank falls in this chart; the analysis’ "
                      "settings may leave it out"));
}

HpChartView *
hp_analysis_panel_add_chart (HpAnalysisPanel          *self,
                             HpChart                  *chart,
                             HpAnalysisPanelChartFlags flags)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
  HpChartView            *view;
  HpChartGrid            *grid;

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  g_return_val_if_fail (chart != NULL, NULL);

  /* an empty chart, or an empty pie of several, says why */
  if ((!hp_chart_has_data (chart) ||
       (hp_chart_get_kind (chart) == HP_CHART_KIND_PIE && hp_pie_chart_get_n_empty_pies (chart) > 0)) &&
      hp_chart_get_no_data_reason (chart) == NULL)
    {
      g_autofree char *reason = why_empty (self);

      hp_chart_set_no_data_reason (chart, reason);
    }
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

typedef struct
{
  guint  index;
  double weight;
} Weighted;

static int
compare_weighted (gconstpointer a,
                  gconstpointer b)
{
  const Weighted *x = a;
  const Weighted *y = b;

  if (x->weight != y->weight)
    return x->weight < y->weight ? 1 : -1;
  return (x->index > y->index) - (x->index < y->index);
}

/**
 * hp_analysis_panel_add_weighted_charts:
 * @charts: (element-type HpChart): charts, as the adapters return them
 * @n_shown: how many to show in the grid
 *
 * Adds the charts of @charts that have a weight (hp_chart_get_weight():
 * one per kernel, per annotation…) in their order: the @n_shown heaviest
 * (the earlier of equal weights) in the grid, the others behind the
 * expander. Charts without a weight are left out.
 */
void
hp_analysis_panel_add_weighted_charts (HpAnalysisPanel *self,
                                       GPtrArray       *charts,
                                       guint            n_shown)
{
  g_autoptr (GArray) ranked = g_array_new (FALSE, FALSE, sizeof (Weighted));
  g_autofree gboolean *shown = NULL;

  g_return_if_fail (HP_IS_ANALYSIS_PANEL (self));
  g_return_if_fail (charts != NULL);

  for (guint i = 0; i < charts->len; i++)
    {
      Weighted w = { i, hp_chart_get_weight (charts->pdata[i]) };

      if (!isnan (w.weight))
        g_array_append_val (ranked, w);
    }
  g_array_sort (ranked, compare_weighted);
  shown = g_new0 (gboolean, charts->len + 1);
  for (guint i = 0; i < ranked->len && i < n_shown; i++)
    shown[g_array_index (ranked, Weighted, i).index] = TRUE;

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < charts->len; i++)
      if (!isnan (hp_chart_get_weight (charts->pdata[i])) && shown[i] == (pass == 0))
        hp_analysis_panel_add_chart (self, charts->pdata[i],
                                     pass == 0 ? HP_ANALYSIS_PANEL_CHART_DEFAULT : HP_ANALYSIS_PANEL_CHART_MORE);
}

/**
 * hp_analysis_panel_add_table_charts:
 * @table: (nullable): one of the panel's result tables
 *
 * Adds the charts hp_chart_adapt_table() draws for @table, finished for a
 * window (%HP_CHART_FLAVOUR_WINDOW), with the session's parameters, in the
 * interface's language.
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
  charts = hp_chart_adapt_table_flavoured (table, hp_analysis_panel_get_params (self), HP_CHART_FLAVOUR_WINDOW,
                                           GETTEXT_PACKAGE);
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
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), 0);
  _hp_analysis_panel_refresh_if_stale (self);
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
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  _hp_analysis_panel_refresh_if_stale (self);
  g_return_val_if_fail (position < priv->chart_views->len, NULL);
  return priv->chart_views->pdata[position];
}

/**
 * hp_analysis_panel_find_chart_view:
 * @name: a chart name, such as %HP_TEMPORAL_BREAKDOWN_TABLE
 *
 * Returns: (transfer none) (nullable): the view of the chart named @name
 */
HpChartView *
hp_analysis_panel_find_chart_view (HpAnalysisPanel *self,
                                   const char      *name)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  _hp_analysis_panel_refresh_if_stale (self);

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
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  _hp_analysis_panel_refresh_if_stale (self);

  for (guint i = 0; i < priv->chart_views->len; i++)
    if (gtk_widget_get_visible (priv->chart_views->pdata[i]))
      return priv->chart_views->pdata[i];
  return NULL;
}
