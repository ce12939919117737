/* hp-chart-style.c — light and dark chart styles and the label-to-colour rules.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-chart-style.h"

G_DEFINE_BOXED_TYPE (HpChartStyle, hp_chart_style, hp_chart_style_copy, hp_chart_style_free)

#define RGB(r, g, b) ((HpColor){ (r) / 255.0, (g) / 255.0, (b) / 255.0, 1.0 })

/* The categorical palette follows the Okabe–Ito set of hues, which stay
 * distinguishable under the common colour-vision deficiencies. Black gives
 * way to an indigo that works on both backgrounds; greys mean "idle",
 * "other" and "others" and stay out of the palette. */
static const HpColor light_palette[HP_CHART_PALETTE_SIZE] = {
  RGB (0, 114, 178),   /* blue */
  RGB (230, 159, 0),   /* orange */
  RGB (0, 158, 115),   /* bluish green */
  RGB (204, 121, 167), /* reddish purple */
  RGB (86, 180, 233),  /* sky blue */
  RGB (213, 94, 0),    /* vermilion */
  RGB (214, 196, 40),  /* yellow, darkened to stand out on white */
  RGB (117, 112, 179), /* indigo: grey is kept for "others" */
};

static const HpColor dark_palette[HP_CHART_PALETTE_SIZE] = {
  RGB (62, 150, 222),
  RGB (240, 172, 30),
  RGB (30, 186, 140),
  RGB (222, 142, 188),
  RGB (118, 198, 242),
  RGB (238, 118, 40),
  RGB (238, 226, 80),
  RGB (152, 146, 222),
};

/* low → high; light: pale to deep, dark: deep to bright, so that high
 * values always stand out from the background */
static const HpColor light_ramp[HP_CHART_RAMP_SIZE] = {
  RGB (247, 242, 196),
  RGB (150, 210, 150),
  RGB (52, 166, 170),
  RGB (36, 104, 168),
  RGB (44, 36, 104),
};

static const HpColor dark_ramp[HP_CHART_RAMP_SIZE] = {
  RGB (40, 40, 92),
  RGB (36, 96, 160),
  RGB (44, 158, 166),
  RGB (140, 206, 140),
  RGB (250, 240, 170),
};

static void
set_font (HpChartFont *font,
          double       size,
          gboolean     bold)
{
  font->family = g_strdup ("Sans");
  font->size = size;
  font->bold = bold;
}

/* what sets the light and the dark style apart */
typedef struct
{
  gboolean       dark;
  HpColor        background;
  HpColor        foreground;
  HpColor        muted;
  HpColor        grid;
  HpColor        axis;
  HpColor        missing;
  HpColor        other; /* kernels and idle time */
  HpColor        temporal_idle;
  HpColor        others;
  const HpColor *palette;
  const HpColor *ramp;
} Theme;

static const Theme light_theme = {
  .dark = FALSE,
  .background = RGB (255, 255, 255),
  .foreground = RGB (36, 36, 40),
  .muted = RGB (100, 100, 108),
  .grid = RGB (232, 232, 235),
  .axis = RGB (160, 160, 166),
  .missing = RGB (240, 240, 242),
  .other = RGB (150, 150, 156),
  .temporal_idle = RGB (196, 196, 202),
  .others = RGB (180, 180, 186),
  .palette = light_palette,
  .ramp = light_ramp,
};

static const Theme dark_theme = {
  .dark = TRUE,
  .background = RGB (36, 36, 36),
  .foreground = RGB (238, 238, 238),
  .muted = RGB (166, 166, 172),
  .grid = RGB (58, 58, 62),
  .axis = RGB (110, 110, 116),
  .missing = RGB (52, 52, 56),
  .other = RGB (140, 140, 146),
  .temporal_idle = RGB (96, 96, 102),
  .others = RGB (112, 112, 118),
  .palette = dark_palette,
  .ramp = dark_ramp,
};

/* both styles give the kernel classes, idle reasons and temporal parts
 * the same palette entries */
static HpChartStyle *
style_new (const Theme *theme)
{
  HpChartStyle  *style = g_new0 (HpChartStyle, 1);
  const HpColor *palette = theme->palette;

  set_font (&style->title_font, 16, TRUE);
  set_font (&style->label_font, 13, FALSE);
  set_font (&style->tick_font, 12, FALSE);
  style->scale = 1.0;
  style->dark = theme->dark;
  style->background = theme->background;
  style->foreground = theme->foreground;
  style->muted = theme->muted;
  style->grid = theme->grid;
  style->axis = theme->axis;
  style->missing = theme->missing;
  memcpy (style->palette, palette, sizeof style->palette);
  memcpy (style->ramp, theme->ramp, sizeof style->ramp);

  style->kernel_computation = palette[0];
  style->kernel_communication = palette[1];
  style->kernel_memory = palette[2];
  style->kernel_other = theme->other;
  style->kernel_comp_comm = palette[3];
  style->kernel_comp_mem = palette[4];
  style->kernel_comm_mem = palette[5];
  style->kernel_all = palette[6];
  style->idle_host_wait = palette[3];
  style->idle_kernel_wait = palette[4];
  style->idle_other = theme->other;
  style->temporal_idle = theme->temporal_idle;
  style->temporal_compute = palette[0];
  style->temporal_non_compute = palette[5];
  style->others = theme->others;

  return style;
}

/**
 * hp_chart_style_new_light:
 *
 * Returns: (transfer full): the default style: light background, 1× scale
 */
HpChartStyle *
hp_chart_style_new_light (void)
{
  return style_new (&light_theme);
}

/**
 * hp_chart_style_new_dark:
 *
 * Returns: (transfer full): the style for dark themes, with the same hues
 *   lightened for contrast
 */
HpChartStyle *
hp_chart_style_new_dark (void)
{
  return style_new (&dark_theme);
}

/**
 * hp_chart_style_copy:
 * @style: a style
 *
 * Returns: (transfer full): a deep copy of @style
 */
HpChartStyle *
hp_chart_style_copy (const HpChartStyle *style)
{
  HpChartStyle *copy;

  g_return_val_if_fail (style != NULL, NULL);

  copy = g_memdup2 (style, sizeof *style);
  copy->title_font.family = g_strdup (style->title_font.family);
  copy->label_font.family = g_strdup (style->label_font.family);
  copy->tick_font.family = g_strdup (style->tick_font.family);
  return copy;
}

void
hp_chart_style_free (HpChartStyle *style)
{
  if (style == NULL)
    return;

  g_free (style->title_font.family);
  g_free (style->label_font.family);
  g_free (style->tick_font.family);
  g_free (style);
}

static gboolean
font_equal (const HpChartFont *a,
            const HpChartFont *b)
{
  return g_strcmp0 (a->family, b->family) == 0 && a->size == b->size && a->bold == b->bold;
}

/**
 * hp_chart_style_equal:
 *
 * Returns: whether two styles paint alike (used to keep a chart's layout)
 */
gboolean
hp_chart_style_equal (const HpChartStyle *a,
                      const HpChartStyle *b)
{
  gsize colors_start = G_STRUCT_OFFSET (HpChartStyle, background);
  gsize colors_end = G_STRUCT_OFFSET (HpChartStyle, scale);

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a == b)
    return TRUE;

  return font_equal (&a->title_font, &b->title_font) &&
         font_equal (&a->label_font, &b->label_font) &&
         font_equal (&a->tick_font, &b->tick_font) &&
         memcmp ((const char *)a + colors_start, (const char *)b + colors_start,
                 colors_end - colors_start) == 0 &&
         a->scale == b->scale && a->dark == b->dark;
}

/**
 * hp_chart_style_set_font_family:
 * @family: a Pango family name, e.g. "Cantarell"
 *
 * Sets the family of every font of @style.
 */
void
hp_chart_style_set_font_family (HpChartStyle *style,
                                const char   *family)
{
  g_return_if_fail (style != NULL);
  g_return_if_fail (family != NULL);

  g_free (style->title_font.family);
  g_free (style->label_font.family);
  g_free (style->tick_font.family);
  style->title_font.family = g_strdup (family);
  style->label_font.family = g_strdup (family);
  style->tick_font.family = g_strdup (family);
}

/**
 * hp_color_mix:
 *
 * Returns: @a moved towards @b by @t (0 → @a, 1 → @b)
 */
HpColor
hp_color_mix (const HpColor *a,
              const HpColor *b,
              double         t)
{
  HpColor c;

  c.red = a->red + (b->red - a->red) * t;
  c.green = a->green + (b->green - a->green) * t;
  c.blue = a->blue + (b->blue - a->blue) * t;
  c.alpha = a->alpha + (b->alpha - a->alpha) * t;
  return c;
}

/**
 * hp_color_luminance:
 *
 * Returns: the relative luminance of @color in [0, 1] (sRGB, WCAG formula),
 *   to pick black or white text on it
 */
double
hp_color_luminance (const HpColor *color)
{
  double c[3] = { color->red, color->green, color->blue };

  for (guint i = 0; i < 3; i++)
    c[i] = c[i] <= 0.04045 ? c[i] / 12.92 : pow ((c[i] + 0.055) / 1.055, 2.4);

  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

gboolean
hp_color_equal (const HpColor *a,
                const HpColor *b)
{
  return a->red == b->red && a->green == b->green && a->blue == b->blue && a->alpha == b->alpha;
}

/**
 * hp_chart_style_palette_color:
 * @index: any index
 *
 * Returns: the @index-th categorical colour; after the palette's size the
 *   hues repeat, lightened towards the background in two steps
 */
HpColor
hp_chart_style_palette_color (const HpChartStyle *style,
                              guint               index)
{
  guint   round;
  HpColor base;

  g_return_val_if_fail (style != NULL, RGB (0, 0, 0));

  base = style->palette[index % HP_CHART_PALETTE_SIZE];
  round = (index / HP_CHART_PALETTE_SIZE) % 3;
  if (round == 0)
    return base;

  return hp_color_mix (&base, &style->background, round == 1 ? 0.45 : 0.7);
}

typedef struct
{
  const char *label;
  gsize       offset;
} FixedColor;

#define FIXED(label, field)                      \
  {                                              \
    label, G_STRUCT_OFFSET (HpChartStyle, field) \
  }

/* Labels with a fixed colour, as they appear in the analysis tables (and the
 * display names the adapters use for the temporal series). */
static const FixedColor fixed_colors[] = {
  FIXED ("COMPUTATION", kernel_computation),
  FIXED ("COMMUNICATION", kernel_communication),
  FIXED ("MEMORY", kernel_memory),
  FIXED ("OTHER", kernel_other),
  FIXED ("COMPUTATION overlapping COMMUNICATION", kernel_comp_comm),
  FIXED ("COMPUTATION overlapping MEMORY", kernel_comp_mem),
  FIXED ("COMMUNICATION overlapping MEMORY", kernel_comm_mem),
  FIXED ("COMPUTATION overlapping COMMUNICATION overlapping MEMORY", kernel_all),
  FIXED ("host_wait", idle_host_wait),
  FIXED ("kernel_wait", idle_kernel_wait),
  FIXED ("other", idle_other),
  FIXED ("idle_time", temporal_idle),
  FIXED ("compute_time", temporal_compute),
  FIXED ("non_compute_time", temporal_non_compute),
  FIXED ("Idle", temporal_idle),
  FIXED ("Compute", temporal_compute),
  FIXED ("Non-compute", temporal_non_compute),
  FIXED ("others", others),
};

#undef FIXED

/**
 * hp_chart_style_lookup_fixed:
 * @label: (nullable): a series or item label
 * @color: (out) (optional): where to store the colour
 *
 * Returns: whether @label has a fixed colour (kernel classes, idle
 *   categories, temporal series, the "others" bucket)
 */
gboolean
hp_chart_style_lookup_fixed (const HpChartStyle *style,
                             const char         *label,
                             HpColor            *color)
{
  g_return_val_if_fail (style != NULL, FALSE);

  if (label == NULL)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (fixed_colors); i++)
    {
      if (strcmp (fixed_colors[i].label, label) == 0)
        {
          if (color != NULL)
            *color = *(const HpColor *)((const char *)style + fixed_colors[i].offset);
          return TRUE;
        }
    }

  return FALSE;
}

/**
 * hp_chart_style_color_for_label:
 * @label: (nullable): a series or item label
 * @index: the position of the series or item, for labels without a fixed
 *   colour
 *
 * A label `palette:N` asks for the N-th palette colour whatever the
 * position, so a run keeps its colour in every chart of a comparison.
 *
 * Returns: the fixed colour of @label if it has one, else the @index-th
 *   palette colour
 */
HpColor
hp_chart_style_color_for_label (const HpChartStyle *style,
                                const char         *label,
                                guint               index)
{
  HpColor color;

  g_return_val_if_fail (style != NULL, RGB (0, 0, 0));

  if (hp_chart_style_lookup_fixed (style, label, &color))
    return color;
  if (label != NULL && g_str_has_prefix (label, "palette:") && g_ascii_isdigit (label[8]))
    return hp_chart_style_palette_color (style, (guint)g_ascii_strtoull (label + 8, NULL, 10) % 1024);

  return hp_chart_style_palette_color (style, index);
}

/**
 * hp_chart_style_ramp_color:
 * @t: a position on the scale; clamped to [0, 1]
 *
 * Returns: the colour of the sequential scale at @t, interpolated linearly
 *   between the ramp stops
 */
HpColor
hp_chart_style_ramp_color (const HpChartStyle *style,
                           double              t)
{
  double pos;
  guint  i;

  g_return_val_if_fail (style != NULL, RGB (0, 0, 0));

  if (isnan (t))
    return style->missing;

  t = CLAMP (t, 0.0, 1.0);
  pos = t * (HP_CHART_RAMP_SIZE - 1);
  i = MIN ((guint)pos, HP_CHART_RAMP_SIZE - 2);
  return hp_color_mix (&style->ramp[i], &style->ramp[i + 1], pos - i);
}
