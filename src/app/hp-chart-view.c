/* hp-chart-view.c — one chart in a panel: theme colours, tooltips and export.
 *
 * The chart is painted by hp_chart_paint() into an image surface at the
 * widget's scale factor and kept as a texture; it is painted again only
 * when the size, the scale, the chart or the theme changes, so scrolling a
 * panel full of charts costs one texture per chart and frame (STYLE.md,
 * "The timeline and charts", step 6).
 *
 * Colours and the font follow the GTK theme: the card's base colour and
 * text colour, and the dark chart palette when the theme is dark
 * (gtk-application-prefer-dark-theme or a dark theme). Tooltips come from
 * hp_chart_hit_test() and give the exact value under the pointer.
 *
 * Export (its menu, the file chooser and the files) lives in
 * hp-chart-view-export.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "hp-chart-view-private.h"

#define MIN_WIDTH 280
#define NATURAL_WIDTH 560
#define MIN_HEIGHT 320
#define MAX_HEIGHT 400
#define MAX_PIE_ROW_HEIGHT 360
#define MAX_PIE_HEIGHT 460
#define MAX_BARS_HEIGHT 640

enum
{
  PROP_0,
  PROP_CHART,
  PROP_RANK,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (HpChartView, hp_chart_view, GTK_TYPE_WIDGET)

static GParamSpec *properties[N_PROPS];

static HpColor
color_from_rgba (const GdkRGBA *rgba)
{
  return (HpColor){ rgba->red, rgba->green, rgba->blue, rgba->alpha };
}

/* The chart style of the current theme: the chart sits on the card's base
 * colour and writes in the widget's text colour */
static HpChartStyle *
style_from_theme (HpChartView *self)
{
  GtkWidget       *widget = GTK_WIDGET (self);
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  GtkSettings     *settings = gtk_widget_get_settings (widget);
  g_autofree char *font_name = NULL;
  GdkRGBA          base = { 1, 1, 1, 1 };
  GdkRGBA          text;
  HpChartStyle    *style;
  HpColor          background;
  HpColor          foreground;
  gboolean         prefer_dark = FALSE;
  gboolean         dark;

  gtk_style_context_get_color (context, &text);
  if (!gtk_style_context_lookup_color (context, "theme_base_color", &base))
    base = (GdkRGBA){ 1, 1, 1, 1 };
  base.alpha = 1;
  g_object_get (settings, "gtk-application-prefer-dark-theme", &prefer_dark, "gtk-font-name", &font_name,
                NULL);

  background = color_from_rgba (&base);
  foreground = color_from_rgba (&text);
  /* a theme that ignores the preference still decides by its colours */
  dark = hp_color_luminance (&background) < 0.4 ||
         (prefer_dark && hp_color_luminance (&background) < 0.6);
  style = dark ? hp_chart_style_new_dark () : hp_chart_style_new_light ();
  style->background = background;
  style->foreground = foreground;
  style->foreground.alpha = 1;
  style->muted = hp_color_mix (&style->foreground, &style->background, 0.4);
  style->scale = gtk_widget_get_scale_factor (widget);

  if (font_name != NULL)
    {
      PangoFontDescription *font = pango_font_description_from_string (font_name);
      const char           *family = pango_font_description_get_family (font);

      if (family != NULL && *family != '\0')
        hp_chart_style_set_font_family (style, family);
      pango_font_description_free (font);
    }
  return style;
}

/* Takes the theme's colours again; repaints only when they changed */
static void
update_style (HpChartView *self)
{
  g_autoptr (HpChartStyle) style = style_from_theme (self);

  if (self->style != NULL && hp_chart_style_equal (self->style, style))
    return;
  g_clear_pointer (&self->style, hp_chart_style_free);
  self->style = g_steal_pointer (&style);
  g_clear_object (&self->texture);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static const HpChartStyle *
ensure_style (HpChartView *self)
{
  if (self->style == NULL)
    self->style = style_from_theme (self);
  return self->style;
}

static GdkTexture *
paint_texture (HpChartView *self,
               int          width,
               int          height,
               int          scale)
{
  cairo_surface_t *surface;
  cairo_t         *cr;
  GBytes          *bytes;
  GdkTexture      *texture;
  int              stride;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  hp_chart_paint (self->chart, cr, width, height, ensure_style (self));
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* ARGB32 is GDK_MEMORY_DEFAULT: the texture shares the surface's pixels */
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface), (gsize)stride * height * scale,
                                      (GDestroyNotify)cairo_surface_destroy, surface);
  texture = gdk_memory_texture_new (width * scale, height * scale, GDK_MEMORY_DEFAULT, bytes, stride);
  g_bytes_unref (bytes);
  return texture;
}

/* Measuring lays the chart out at any width GTK asks about (a parent may
 * ask for one far wider than the window), and the chart keeps one layout:
 * the one hit tests and tooltips read. Lay it out again at the size shown
 * when it was laid out at another, or a measure that no allocation
 * follows leaves clicks and hp_chart_get_layout() on a chart of another
 * size. */
static void
keep_shown_layout (HpChartView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  const HpChartLayout *layout;

  if (self->chart == NULL || width <= 0 || height <= 0)
    return;
  layout = hp_chart_get_layout (self->chart);
  if (layout == NULL || layout->width != width || layout->height != height)
    hp_chart_layout (self->chart, width, height, ensure_style (self));
}

/* The height that shows the chart well at @width: about 16:10, more for
 * long lists of bars and legend entries */
static int
height_for_width (HpChartView *self,
                  int          width)
{
  int height = CLAMP ((int)(width * 0.62), MIN_HEIGHT, MAX_HEIGHT);

  if (self->chart == NULL || width <= 0)
    return height;

  switch (hp_chart_get_kind (self->chart))
    {
    case HP_CHART_KIND_BAR:
      {
        guint              n = hp_bar_chart_get_n_categories (self->chart) * MAX (1u, hp_bar_chart_get_n_series (self->chart));
        const HpBarLayout *layout;

        hp_chart_layout (self->chart, width, height, ensure_style (self));
        layout = hp_bar_chart_get_layout (self->chart);
        if (layout != NULL && layout->orientation == HP_BAR_ORIENTATION_HORIZONTAL)
          height = MAX (height, MIN (MAX_BARS_HEIGHT, (int)n * 26 + 130));
        break;
      }
    case HP_CHART_KIND_PIE:
      {
        const HpChartLayout *layout;

        /* round charts beside their legend need less height than plots */
        height = CLAMP (width / 2, MIN_HEIGHT, MAX_PIE_ROW_HEIGHT);
        layout = hp_chart_layout (self->chart, width, height, ensure_style (self));
        /* legends of many long kernel names get room to list them */
        if (layout->legend->len >= 12)
          height = MAX (height, MIN (MAX_PIE_HEIGHT, (int)layout->legend->len * 22 + 110));
        break;
      }
    case HP_CHART_KIND_HISTOGRAM:
    case HP_CHART_KIND_LINE:
    case HP_CHART_KIND_HEAT_MAP:
    default:
      break;
    }
  keep_shown_layout (self);
  return height;
}

/* ---- tooltips ---- */

/* A value as exactly as the table has it, with the chart's unit */
static char *
format_exact (double       value,
              HpAxisFormat format)
{
  g_autofree char *exact = hp_format_number (value, -1);

  if (!isfinite (value))
    return g_strdup (_ ("n/a"));

  switch (format)
    {
    case HP_AXIS_FORMAT_PERCENT:
      return g_strdup_printf ("%s%%", exact);
    case HP_AXIS_FORMAT_TIME_US:
      {
        g_autofree char *readable = hp_format_time_us (value);

        if (fabs (value) < 1000)
          /* Translators: a duration in microseconds */
          return g_strdup_printf (_ ("%s µs"), exact);
        /* Translators: a rounded duration, then the exact microseconds */
        return g_strdup_printf (_ ("%s (%s µs)"), readable, exact);
      }
    case HP_AXIS_FORMAT_COMPACT:
    case HP_AXIS_FORMAT_NUMBER:
    default:
      return g_steal_pointer (&exact);
    }
}

static double
pie_fraction (HpChart *chart,
              int      pie,
              int      label)
{
  const HpPieLayout *layout = hp_pie_chart_get_layout (chart);

  for (guint i = 0; layout != NULL && i < layout->slices->len; i++)
    {
      const HpPieSlice *slice = &g_array_index (layout->slices, HpPieSlice, i);

      if ((int)slice->pie == pie && (int)slice->label_index == label)
        return slice->fraction;
    }
  return NAN;
}

static char *
describe_item (HpChartView      *self,
               const HpChartHit *hit,
               double            x)
{
  HpChart *chart = self->chart;

  switch (hp_chart_get_kind (chart))
    {
    case HP_CHART_KIND_BAR:
      {
        const HpBarLayout *layout = hp_bar_chart_get_layout (chart);
        g_autofree char   *value = format_exact (hit->value, layout->value_ticks.format);

        if (hp_bar_chart_get_n_series (chart) > 1 && hit->series_name != NULL)
          /* Translators: a bar's category, then its series and value */
          return g_strdup_printf (_ ("%s\n%s: %s"), hit->text, hit->series_name, value);
        /* Translators: a bar's category, then its value */
        return g_strdup_printf (_ ("%s: %s"), hit->text, value);
      }
    case HP_CHART_KIND_PIE:
      {
        g_autofree char *value = format_exact (hit->value, hp_pie_chart_get_value_format (chart));
        g_autofree char *share = hp_format_percent (100 * pie_fraction (chart, hit->series, hit->item), -2);

        if (hit->series_name != NULL && hp_pie_chart_get_n_pies (chart) > 1)
          /* Translators: a pie's caption ("Rank 0"), a slice, its value and share */
          return g_strdup_printf (_ ("%s\n%s\n%s (%s)"), hit->series_name, hit->text, value, share);
        /* Translators: a slice, its value and its share of the pie */
        return g_strdup_printf (_ ("%s\n%s (%s)"), hit->text, value, share);
      }
    case HP_CHART_KIND_HISTOGRAM:
      {
        const char      *what = hp_chart_get_y_label (chart);
        g_autofree char *count = hp_format_number (hit->value, 0);

        /* Translators: a range of values, then what is counted and how many */
        return g_strdup_printf (_ ("%s\n%s: %s"), hit->text, what != NULL ? what : _ ("Count"), count);
      }
    case HP_CHART_KIND_LINE:
      {
        const HpLineLayout  *layout = hp_line_chart_get_layout (chart);
        const HpChartLayout *base = hp_chart_get_layout (chart);
        const char          *what = hp_chart_get_y_label (chart);
        g_autofree char     *value = format_exact (hit->value, layout->y_ticks.format);
        g_autofree char     *at = NULL;
        double               t = NAN;

        if (base->plot.width > 0)
          t = layout->x_ticks.min + (x - base->plot.x) / base->plot.width * (layout->x_ticks.max - layout->x_ticks.min);
        at = hp_format_value (t, layout->x_ticks.format);
        /* Translators: a series, the time under the pointer, then the
         * quantity and its value there */
        return g_strdup_printf (_ ("%s at %s\n%s: %s"), hit->series_name, at, what != NULL ? what : _ ("Value"),
                                value);
      }
    case HP_CHART_KIND_HEAT_MAP:
    default:
      {
        g_autofree char *value = hp_format_number (hit->value, -1);

        return g_strdup_printf (_ ("%s\n%s: %s"), hit->series_name != NULL ? hit->series_name : "",
                                hit->text != NULL ? hit->text : "", value);
      }
    }
}

static gboolean
hp_chart_view_query_tooltip (GtkWidget  *widget,
                             int         x,
                             int         y,
                             gboolean    keyboard_tooltip,
                             GtkTooltip *tooltip)
{
  HpChartView     *self = HP_CHART_VIEW (widget);
  g_autofree char *text = NULL;

  if (keyboard_tooltip)
    return FALSE;
  text = hp_chart_view_get_tooltip_text (self, x, y);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static GtkSizeRequestMode
hp_chart_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
hp_chart_view_measure (GtkWidget     *widget,
                       GtkOrientation orientation,
                       int            for_size,
                       int           *minimum,
                       int           *natural,
                       int           *minimum_baseline,
                       int           *natural_baseline)
{
  HpChartView *self = HP_CHART_VIEW (widget);
  int          button_min, button_nat;

  gtk_widget_measure (self->menu_button, orientation, -1, &button_min, &button_nat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MAX (MIN_WIDTH, button_min);
      *natural = MAX (NATURAL_WIDTH, button_nat);
    }
  else
    {
      int height = height_for_width (self, for_size > 0 ? for_size : NATURAL_WIDTH);

      *minimum = MAX (MIN_HEIGHT, button_min);
      *natural = MAX (height, button_nat);
    }
}

static void
hp_chart_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  HpChartView   *self = HP_CHART_VIEW (widget);
  GtkRequisition button;

  gtk_widget_get_preferred_size (self->menu_button, NULL, &button);
  gtk_widget_size_allocate (self->menu_button,
                            &(GtkAllocation){ MAX (0, width - button.width), 0, button.width, button.height }, -1);
  gtk_popover_present (GTK_POPOVER (self->context_menu));
  keep_shown_layout (self);
}

static void
hp_chart_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  HpChartView *self = HP_CHART_VIEW (widget);
  int          width = gtk_widget_get_width (widget);
  int          height = gtk_widget_get_height (widget);
  int          scale = gtk_widget_get_scale_factor (widget);

  if (self->chart != NULL && width > 0 && height > 0)
    {
      if (self->texture == NULL || self->texture_width != width || self->texture_height != height ||
          self->texture_scale != scale)
        {
          g_clear_object (&self->texture);
          self->texture = paint_texture (self, width, height, scale);
          self->texture_width = width;
          self->texture_height = height;
          self->texture_scale = scale;
        }
      gtk_snapshot_append_texture (snapshot, self->texture, &GRAPHENE_RECT_INIT (0, 0, width, height));
    }

  gtk_widget_snapshot_child (widget, self->menu_button, snapshot);
}

static void
hp_chart_view_css_changed (GtkWidget         *widget,
                           GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (hp_chart_view_parent_class)->css_changed (widget, change);

  /* also called for hover and focus: compare before repainting */
  if (HP_CHART_VIEW (widget)->style != NULL)
    update_style (HP_CHART_VIEW (widget));
}

static void
hp_chart_view_system_setting_changed (GtkWidget       *widget,
                                      GtkSystemSetting setting)
{
  GTK_WIDGET_CLASS (hp_chart_view_parent_class)->system_setting_changed (widget, setting);

  if (HP_CHART_VIEW (widget)->style != NULL)
    update_style (HP_CHART_VIEW (widget));
}

static void
scale_factor_changed_cb (HpChartView *self)
{
  if (self->style != NULL)
    update_style (self);
}

static void
hp_chart_view_dispose (GObject *object)
{
  HpChartView *self = HP_CHART_VIEW (object);

  g_clear_pointer (&self->menu_button, gtk_widget_unparent);
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);
  g_clear_object (&self->texture);

  G_OBJECT_CLASS (hp_chart_view_parent_class)->dispose (object);
}

static void
hp_chart_view_finalize (GObject *object)
{
  HpChartView *self = HP_CHART_VIEW (object);

  g_clear_pointer (&self->chart, hp_chart_unref);
  g_clear_pointer (&self->style, hp_chart_style_free);
  g_free (self->export_suffix);

  G_OBJECT_CLASS (hp_chart_view_parent_class)->finalize (object);
}

static void
hp_chart_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  HpChartView *self = HP_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_CHART:
      g_value_set_boxed (value, self->chart);
      break;
    case PROP_RANK:
      g_value_set_int (value, self->rank);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_chart_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  HpChartView *self = HP_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_CHART:
      hp_chart_view_set_chart (self, g_value_get_boxed (value));
      break;
    case PROP_RANK:
      hp_chart_view_set_rank (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_chart_view_class_init (HpChartViewClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_chart_view_dispose;
  object_class->finalize = hp_chart_view_finalize;
  object_class->get_property = hp_chart_view_get_property;
  object_class->set_property = hp_chart_view_set_property;

  widget_class->get_request_mode = hp_chart_view_get_request_mode;
  widget_class->measure = hp_chart_view_measure;
  widget_class->size_allocate = hp_chart_view_size_allocate;
  widget_class->snapshot = hp_chart_view_snapshot;
  widget_class->query_tooltip = hp_chart_view_query_tooltip;
  widget_class->css_changed = hp_chart_view_css_changed;
  widget_class->system_setting_changed = hp_chart_view_system_setting_changed;

  properties[PROP_CHART] =
      g_param_spec_boxed ("chart", NULL, NULL, HP_TYPE_CHART,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpChartView:rank:
   *
   * The rank the chart is about, or -1 for a chart of every rank; the
   * panels hide the charts of other ranks than the selected one.
   */
  properties[PROP_RANK] =
      g_param_spec_int ("rank", NULL, NULL, -1, G_MAXINT, -1,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "chart.export-png", NULL, hp_chart_view_export_png_action);
  gtk_widget_class_install_action (widget_class, "chart.export-svg", NULL, hp_chart_view_export_svg_action);

  gtk_widget_class_set_css_name (widget_class, "hpchartview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
hp_chart_view_init (HpChartView *self)
{
  g_autoptr (GMenuModel) menu = hp_chart_view_export_menu ();
  GtkGesture *click;

  self->rank = -1;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  self->menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->menu_button), "view-more-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->menu_button), menu);
  gtk_widget_set_tooltip_text (self->menu_button, _ ("Export"));
  gtk_widget_add_css_class (self->menu_button, "flat");
  gtk_widget_add_css_class (self->menu_button, "hp-chart-menu");
  gtk_widget_set_parent (self->menu_button, GTK_WIDGET (self));

  self->context_menu = gtk_popover_menu_new_from_model (menu);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), FALSE);
  gtk_widget_set_halign (self->context_menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->context_menu, GTK_WIDGET (self));

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (hp_chart_view_context_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (scale_factor_changed_cb), NULL);
}

/**
 * hp_chart_view_new:
 * @chart: (nullable): the chart to show
 *
 * Returns: (transfer floating): a new chart view
 */
GtkWidget *
hp_chart_view_new (HpChart *chart)
{
  return g_object_new (HP_TYPE_CHART_VIEW, "chart", chart, NULL);
}

/**
 * hp_chart_view_get_chart:
 *
 * Returns: (transfer none) (nullable): the chart shown
 */
HpChart *
hp_chart_view_get_chart (HpChartView *self)
{
  g_return_val_if_fail (HP_IS_CHART_VIEW (self), NULL);
  return self->chart;
}

void
hp_chart_view_set_chart (HpChartView *self,
                         HpChart     *chart)
{
  g_return_if_fail (HP_IS_CHART_VIEW (self));

  if (self->chart == chart)
    return;
  if (chart != NULL)
    hp_chart_ref (chart);
  g_clear_pointer (&self->chart, hp_chart_unref);
  self->chart = chart;
  g_clear_object (&self->texture);

  gtk_widget_set_visible (self->menu_button, chart != NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  chart != NULL ? hp_chart_get_title (chart) : "", -1);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHART]);
}

int
hp_chart_view_get_rank (HpChartView *self)
{
  g_return_val_if_fail (HP_IS_CHART_VIEW (self), -1);
  return self->rank;
}

void
hp_chart_view_set_rank (HpChartView *self,
                        int          rank)
{
  g_return_if_fail (HP_IS_CHART_VIEW (self));

  rank = MAX (rank, -1);
  if (self->rank == rank)
    return;
  self->rank = rank;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RANK]);
}

/**
 * hp_chart_view_get_style:
 *
 * Returns: (transfer none): the chart style taken from the theme
 */
const HpChartStyle *
hp_chart_view_get_style (HpChartView *self)
{
  g_return_val_if_fail (HP_IS_CHART_VIEW (self), NULL);
  return ensure_style (self);
}

/**
 * hp_chart_view_get_tooltip_text:
 * @x: a point in widget coordinates
 * @y:
 *
 * Returns: (transfer full) (nullable): what the tooltip says at (@x, @y):
 *   a mark's exact value, or the full text of a label or legend entry;
 *   %NULL when there is nothing there
 */
char *
hp_chart_view_get_tooltip_text (HpChartView *self,
                                double       x,
                                double       y)
{
  const HpChartLayout *layout;
  int                  width, height;
  HpChartHit           hit;

  g_return_val_if_fail (HP_IS_CHART_VIEW (self), NULL);

  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  if (self->chart == NULL || width <= 0 || height <= 0)
    return NULL;

  /* measuring or exporting may have laid the chart out at another size */
  layout = hp_chart_layout (self->chart, width, height, ensure_style (self));
  if (!hp_chart_hit_test (self->chart, x, y, &hit))
    {
      /* a title or axis title cut short reads in full */
      for (guint i = 0; i < layout->texts->len; i++)
        {
          const HpChartText *text = &g_array_index (layout->texts, HpChartText, i);

          if (text->truncated && x >= text->rect.x && x < text->rect.x + text->rect.width &&
              y >= text->rect.y && y < text->rect.y + text->rect.height)
            return g_strdup (text->text);
        }
      return NULL;
    }

  switch (hit.kind)
    {
    case HP_CHART_HIT_ITEM:
      return describe_item (self, &hit, x);
    case HP_CHART_HIT_LABEL:
    case HP_CHART_HIT_LEGEND:
      return hit.text != NULL && *hit.text != '\0' ? g_strdup (hit.text) : NULL;
    case HP_CHART_HIT_NONE:
    default:
      return NULL;
    }
}
