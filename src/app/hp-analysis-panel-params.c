/* hp-analysis-panel-params.c — HpAnalysisPanel's controls bound to analysis parameters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-analysis-panel-private.h"

/* the session's parameters into the bound controls */
static void
write_bound_params (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
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

void
_hp_analysis_panel_sync_controls (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
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
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
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
 * @spec: the parameter, a spec of the registry (hp_param_spec_list())
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
hp_analysis_panel_bind_param (HpAnalysisPanel   *self,
                              const HpParamSpec *spec,
                              GtkWidget         *widget)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
  BoundParam              b = { spec, widget };

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

/**
 * hp_analysis_panel_get_params:
 *
 * Returns: (transfer none): the session's parameters, or HTA's defaults
 *   without a session
 */
const HpAnalysisParams *
hp_analysis_panel_get_params (HpAnalysisPanel *self)
{
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);
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
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);

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
  HpAnalysisPanelPrivate *priv = _hp_analysis_panel_get_private (self);

  g_return_if_fail (HP_IS_ANALYSIS_PANEL (self));

  if (priv->session != NULL)
    hp_session_set_params (priv->session, params);
  hp_analysis_params_clear (params);
}
