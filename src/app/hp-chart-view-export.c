/* hp-chart-view-export.c — a chart view's export: its menu, the file
 * chooser, and the PNG, SVG or PDF written in the view's colours.
 *
 * The menu button in the top right corner and a right click offer PNG and
 * SVG; both end in hp_chart_view_export_to_file(), which the tests call
 * directly.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-chart-view-private.h"
#include "hp-dialogs.h"

#define EXPORT_WIDTH 960
#define EXPORT_HEIGHT 540
#define EXPORT_SCALE 2.0

static void
export_chosen_cb (GObject *owner,
                  GFile   *file,
                  gpointer user_data)
{
  HpChartView     *self = HP_CHART_VIEW (owner);
  HpExportFormat   format = GPOINTER_TO_INT (user_data);
  HpExportFormat   named;
  g_autofree char *path = g_file_get_path (file);
  g_autoptr (GError) error = NULL;

  if (path == NULL)
    return;
  /* a name without a known extension gets the one the user asked for */
  if (!hp_export_format_from_path (path, &named))
    {
      char *full = g_strconcat (path, format == HP_EXPORT_FORMAT_SVG ? ".svg" : ".png", NULL);

      g_free (path);
      path = full;
    }
  if (!hp_chart_view_export_to_file (self, path, &error))
    hp_show_error (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), _ ("Could Not Export the Chart"),
                   error->message);
  else
    hp_show_saved (GTK_WIDGET (self), path);
}

void
hp_chart_view_export_png_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  hp_chart_view_export (HP_CHART_VIEW (widget), HP_EXPORT_FORMAT_PNG);
}

void
hp_chart_view_export_svg_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  hp_chart_view_export (HP_CHART_VIEW (widget), HP_EXPORT_FORMAT_SVG);
}

GMenuModel *
hp_chart_view_export_menu (void)
{
  GMenu *menu = g_menu_new ();

  g_menu_append (menu, _ ("Export as _PNG…"), "chart.export-png");
  g_menu_append (menu, _ ("Export as _SVG…"), "chart.export-svg");
  return G_MENU_MODEL (menu);
}

void
hp_chart_view_context_pressed_cb (GtkGestureClick *gesture,
                                  int              n_press,
                                  double           x,
                                  double           y,
                                  HpChartView     *self)
{
  if (self->chart == NULL)
    return;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu), &(GdkRectangle){ (int)x, (int)y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->context_menu));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* ---- GtkWidget ---- */

/**
 * hp_chart_view_get_export_size:
 * @width: (out) (optional): the width in user-space pixels
 * @height: (out) (optional): the height
 * @scale: (out) (optional): device pixels per user-space pixel of PNGs
 *
 * Charts export as they look: at the size shown (or 960×540 before the
 * view is shown), and as PNG at twice that many pixels, sharp on HiDPI
 * screens and in print.
 */
void
hp_chart_view_get_export_size (HpChartView *self,
                               int         *width,
                               int         *height,
                               double      *scale)
{
  int w, h;

  g_return_if_fail (HP_IS_CHART_VIEW (self));

  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  if (w < 100 || h < 100)
    {
      w = EXPORT_WIDTH;
      h = EXPORT_HEIGHT;
    }
  if (width != NULL)
    *width = w;
  if (height != NULL)
    *height = h;
  if (scale != NULL)
    *scale = EXPORT_SCALE;
}

/**
 * hp_chart_view_export_to_file:
 * @path: where to write; .png, .svg or .pdf decides the format
 * @error: a #GError, or %NULL
 *
 * Writes the chart in the view's colours at hp_chart_view_get_export_size(),
 * atomically: on failure no file is left behind.
 *
 * Returns: whether the file was written
 */
gboolean
hp_chart_view_export_to_file (HpChartView *self,
                              const char  *path,
                              GError     **error)
{
  g_autoptr (HpChartStyle) style = NULL;
  int      width, height;
  double   scale;
  gboolean ok;

  g_return_val_if_fail (HP_IS_CHART_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->chart == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _ ("There is no chart to export"));
      return FALSE;
    }

  hp_chart_view_get_export_size (self, &width, &height, &scale);
  style = hp_chart_style_copy (hp_chart_view_get_style (self));
  style->scale = scale;
  ok = hp_chart_export (self->chart, path, width, height, scale, style, error);

  /* tooltips hit-test the layout on screen, in the screen's style */
  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0 && gtk_widget_get_height (GTK_WIDGET (self)) > 0)
    hp_chart_layout (self->chart, gtk_widget_get_width (GTK_WIDGET (self)),
                     gtk_widget_get_height (GTK_WIDGET (self)), hp_chart_view_get_style (self));
  return ok;
}

/**
 * hp_chart_view_set_export_suffix:
 * @suffix: (nullable): what exported files' names add after the chart's
 *   name, as the scope shown ("Base-rank0-step3_vs_New-rank0-step3")
 */
void
hp_chart_view_set_export_suffix (HpChartView *self,
                                 const char  *suffix)
{
  g_return_if_fail (HP_IS_CHART_VIEW (self));
  g_free (self->export_suffix);
  self->export_suffix = g_strdup (suffix);
}

/**
 * hp_chart_view_get_export_name:
 *
 * Returns: (transfer full) (nullable): the name an export offers: the
 *   chart's, its suffix and the format's extension
 */
char *
hp_chart_view_get_export_name (HpChartView   *self,
                               HpExportFormat format)
{
  g_return_val_if_fail (HP_IS_CHART_VIEW (self), NULL);

  if (self->chart == NULL)
    return NULL;
  return g_strconcat (hp_chart_get_name (self->chart), self->export_suffix != NULL ? "_" : "",
                      self->export_suffix != NULL ? self->export_suffix : "",
                      format == HP_EXPORT_FORMAT_SVG ? ".svg" : ".png", NULL);
}

/**
 * hp_chart_view_export:
 * @format: the format offered first; the name typed decides
 *
 * Asks where to save the chart, named after it, and writes it there with
 * hp_chart_view_export_to_file(); problems are shown in a dialog.
 */
void
hp_chart_view_export (HpChartView   *self,
                      HpExportFormat format)
{
  g_autofree char *name = NULL;

  g_return_if_fail (HP_IS_CHART_VIEW (self));

  if (self->chart == NULL)
    return;
  name = hp_chart_view_get_export_name (self, format);
  hp_choose_save_file (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), _ ("Export Chart"), name,
                       G_OBJECT (self), export_chosen_cb, GINT_TO_POINTER (format));
}
