/* hp-analysis-panel-tables.c — HpAnalysisPanel's table views, and the status lines of analyses that failed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-analysis-panel-private.h"

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

void
_hp_analysis_panel_add_status (HpAnalysisPanel     *self,
                               const PanelAnalysis *analysis,
                               const GError        *error)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
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

HpTableView *
_hp_analysis_panel_ensure_view (HpAnalysisPanel *self,
                                const char      *key)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
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
void
_hp_analysis_panel_keep_views_of (HpAnalysisPanel *self,
                                  const char      *name,
                                  GPtrArray       *order)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
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

void
_hp_analysis_panel_clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
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
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
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

guint
hp_analysis_panel_get_n_table_views (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), 0);
  _hp_analysis_panel_refresh_if_stale (self);
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
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  _hp_analysis_panel_refresh_if_stale (self);
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
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);

  g_return_val_if_fail (HP_IS_ANALYSIS_PANEL (self), NULL);
  _hp_analysis_panel_refresh_if_stale (self);

  for (guint i = 0; i < priv->view_order->len; i++)
    {
      GtkWidget *view = priv->view_order->pdata[i];

      if (gtk_widget_has_focus (view) ||
          gtk_widget_get_state_flags (view) & GTK_STATE_FLAG_FOCUS_WITHIN)
        return HP_TABLE_VIEW (view);
    }
  return priv->view_order->len > 0 ? priv->view_order->pdata[0] : NULL;
}
