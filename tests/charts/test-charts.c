/* test-charts.c — tests of chart layouts, rendering, hit testing, "No data" and the adapters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hp-charts.h"
#include "hp-test-utils.h"

/* ---- helpers ---- */

static cairo_surface_t *
render (HpChart            *chart,
        int                 width,
        int                 height,
        const HpChartStyle *style)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t         *cr = cairo_create (surface);

  hp_chart_paint (chart, cr, width, height, style);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, height);
  return surface;
}

static gboolean
pixel_is (guint32        pixel,
          const HpColor *color)
{
  int r = (pixel >> 16) & 0xff;
  int g = (pixel >> 8) & 0xff;
  int b = pixel & 0xff;
  int a = pixel >> 24;

  return a == 255 && ABS (r - (int)round (color->red * 255)) <= 1 &&
         ABS (g - (int)round (color->green * 255)) <= 1 &&
         ABS (b - (int)round (color->blue * 255)) <= 1;
}

/* pixels of exactly @color inside @rect (NULL: the whole surface) */
static guint
count_color (cairo_surface_t *surface,
             const HpColor   *color,
             const HpRect    *rect)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int           stride = cairo_image_surface_get_stride (surface);
  int           w = cairo_image_surface_get_width (surface);
  int           h = cairo_image_surface_get_height (surface);
  int           x0 = 0;
  int           y0 = 0;
  int           x1 = w;
  int           y1 = h;
  guint         count = 0;

  if (rect != NULL)
    {
      x0 = CLAMP ((int)floor (rect->x), 0, w);
      y0 = CLAMP ((int)floor (rect->y), 0, h);
      x1 = CLAMP ((int)ceil (rect->x + rect->width), 0, w);
      y1 = CLAMP ((int)ceil (rect->y + rect->height), 0, h);
    }

  for (int y = y0; y < y1; y++)
    {
      const guint32 *row = (const guint32 *)(data + (gsize)y * stride);

      for (int x = x0; x < x1; x++)
        if (pixel_is (row[x], color))
          count++;
    }

  return count;
}

static gboolean
layout_has_text (const HpChartLayout *layout,
                 const char          *text)
{
  for (guint i = 0; i < layout->texts->len; i++)
    if (strcmp (g_array_index (layout->texts, HpChartText, i).text, text) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
rect_inside (const HpRect *inner,
             const HpRect *outer)
{
  return inner->x >= outer->x - 0.5 && inner->y >= outer->y - 0.5 &&
         inner->x + inner->width <= outer->x + outer->width + 0.5 &&
         inner->y + inner->height <= outer->y + outer->height + 0.5;
}

/* every text inside the chart: nothing clipped at the edges */
static void
assert_texts_inside (const HpChartLayout *layout)
{
  HpRect all = { 0, 0, layout->width, layout->height };

  for (guint i = 0; i < layout->texts->len; i++)
    {
      const HpChartText *t = &g_array_index (layout->texts, HpChartText, i);

      if (!rect_inside (&t->rect, &all))
        g_error ("text \"%s\" at %.1f,%.1f %.1fx%.1f is outside the chart", t->text, t->rect.x,
                 t->rect.y, t->rect.width, t->rect.height);
    }
}

static gboolean
rects_overlap (const HpRect *a,
               const HpRect *b)
{
  return a->x < b->x + b->width - 0.5 && b->x < a->x + a->width - 0.5 &&
         a->y < b->y + b->height - 0.5 && b->y < a->y + a->height - 0.5;
}

/* tick labels, category names and legend entries never overlap */
static void
assert_no_overlapping_labels (const HpChartLayout *layout)
{
  for (guint i = 0; i < layout->texts->len; i++)
    {
      const HpChartText *a = &g_array_index (layout->texts, HpChartText, i);

      if (a->role != HP_CHART_TEXT_TICK && a->role != HP_CHART_TEXT_CATEGORY &&
          a->role != HP_CHART_TEXT_LEGEND)
        continue;

      for (guint j = i + 1; j < layout->texts->len; j++)
        {
          const HpChartText *b = &g_array_index (layout->texts, HpChartText, j);

          if (b->role != HP_CHART_TEXT_TICK && b->role != HP_CHART_TEXT_CATEGORY &&
              b->role != HP_CHART_TEXT_LEGEND)
            continue;
          if (rects_overlap (&a->rect, &b->rect))
            g_error ("\"%s\" overlaps \"%s\"", a->text, b->text);
        }
    }
}

/* ---- style ---- */

static void
test_style_fixed_colors (void)
{
  g_autoptr (HpChartStyle) light = hp_chart_style_new_light ();
  g_autoptr (HpChartStyle) dark = hp_chart_style_new_dark ();
  g_autoptr (HpChartStyle) copy = NULL;
  HpColor c;
  HpColor p;

  c = hp_chart_style_color_for_label (light, "COMPUTATION", 5);
  g_assert_true (hp_color_equal (&c, &light->kernel_computation));
  c = hp_chart_style_color_for_label (light, "COMMUNICATION", 0);
  g_assert_true (hp_color_equal (&c, &light->kernel_communication));
  c = hp_chart_style_color_for_label (light, "host_wait", 0);
  g_assert_true (hp_color_equal (&c, &light->idle_host_wait));
  c = hp_chart_style_color_for_label (light, "compute_time", 0);
  g_assert_true (hp_color_equal (&c, &light->temporal_compute));
  c = hp_chart_style_color_for_label (dark, "MEMORY", 0);
  g_assert_true (hp_color_equal (&c, &dark->kernel_memory));
  g_assert_false (hp_color_equal (&light->kernel_memory, &dark->kernel_memory));

  /* unknown labels take the palette by index, then lighter rounds */
  c = hp_chart_style_color_for_label (light, "ampere_sgemm_128x64_nn", 2);
  g_assert_true (hp_color_equal (&c, &light->palette[2]));
  c = hp_chart_style_color_for_label (light, NULL, 1);
  g_assert_true (hp_color_equal (&c, &light->palette[1]));
  /* palette:N asks for a run's colour whatever the position */
  c = hp_chart_style_color_for_label (light, "palette:2", 0);
  g_assert_true (hp_color_equal (&c, &light->palette[2]));
  c = hp_chart_style_palette_color (light, HP_CHART_PALETTE_SIZE + 2);
  p = light->palette[2];
  g_assert_false (hp_color_equal (&c, &p));
  g_assert_cmpfloat (hp_color_luminance (&c), >, hp_color_luminance (&p));
  g_assert_false (hp_chart_style_lookup_fixed (light, "Stream 7", NULL));

  /* the palette's colours are all different */
  for (guint i = 0; i < HP_CHART_PALETTE_SIZE; i++)
    for (guint j = i + 1; j < HP_CHART_PALETTE_SIZE; j++)
      g_assert_false (hp_color_equal (&light->palette[i], &light->palette[j]));

  copy = hp_chart_style_copy (light);
  g_assert_true (hp_chart_style_equal (copy, light));
  hp_chart_style_set_font_family (copy, "Cantarell");
  g_assert_false (hp_chart_style_equal (copy, light));
  g_assert_cmpstr (copy->tick_font.family, ==, "Cantarell");

  c = hp_chart_style_ramp_color (light, 0);
  g_assert_true (hp_color_equal (&c, &light->ramp[0]));
  c = hp_chart_style_ramp_color (light, 2.0);
  g_assert_true (hp_color_equal (&c, &light->ramp[HP_CHART_RAMP_SIZE - 1]));
  c = hp_chart_style_ramp_color (light, NAN);
  g_assert_true (hp_color_equal (&c, &light->missing));
}

/* ---- the generic handle ---- */

static void
test_chart_handle (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  HpChart             *chart = hp_bar_chart_new ("stem", "Title");
  HpChart             *copy;
  const HpChartLayout *first;
  const double         values[] = { 1, 2 };

  hp_bar_chart_add_category (chart, "a");
  hp_bar_chart_add_category (chart, "b");
  hp_bar_chart_add_series (chart, "s", values);

  g_assert_cmpint (hp_chart_get_kind (chart), ==, HP_CHART_KIND_BAR);
  g_assert_cmpstr (hp_chart_get_name (chart), ==, "stem");
  g_assert_cmpstr (hp_chart_get_title (chart), ==, "Title");
  g_assert_null (hp_chart_get_subtitle (chart));
  hp_chart_set_subtitle (chart, "Rank 0");
  hp_chart_set_axis_labels (chart, "x", "y");
  g_assert_cmpstr (hp_chart_get_x_label (chart), ==, "x");
  g_assert_cmpstr (hp_chart_get_y_label (chart), ==, "y");
  g_assert_true (hp_chart_has_data (chart));

  /* the layout is kept while nothing changes */
  g_assert_null (hp_chart_get_layout (chart));
  first = hp_chart_layout (chart, 400, 300, style);
  g_assert_true (hp_chart_layout (chart, 400, 300, style) == first);
  g_assert_true (hp_chart_get_layout (chart) == first);
  hp_bar_chart_set_value (chart, 0, 1, 5);
  g_assert_null (hp_chart_get_layout (chart));
  first = hp_chart_layout (chart, 400, 300, style);
  g_assert_cmpfloat (first->width, ==, 400);
  g_assert_true (layout_has_text (first, "Title"));
  g_assert_true (layout_has_text (first, "Rank 0"));

  copy = g_boxed_copy (HP_TYPE_CHART, chart);
  g_assert_true (copy == chart);
  g_boxed_free (HP_TYPE_CHART, copy);
  hp_chart_unref (chart);
}

/* ---- bars ---- */

static void
test_bar_stacked_ratio (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_bar_chart_new ("ratio", "75/25");
  cairo_surface_t   *surface;
  const HpBarLayout *bl;
  double             three = 75;
  double             one = 25;
  HpColor            a;
  HpColor            b;
  guint              na;
  guint              nb;

  hp_bar_chart_set_mode (chart, HP_BAR_STACKED);
  hp_bar_chart_set_value_format (chart, HP_AXIS_FORMAT_PERCENT);
  hp_bar_chart_set_value_range (chart, 0, 100);
  hp_bar_chart_add_category (chart, "0");
  hp_bar_chart_add_series (chart, "Compute", &three);
  hp_bar_chart_add_series (chart, "Idle", &one);

  surface = render (chart, 600, 400, style);
  bl = hp_bar_chart_get_layout (chart);
  g_assert_nonnull (bl);
  g_assert_cmpint (bl->orientation, ==, HP_BAR_ORIENTATION_VERTICAL);
  g_assert_cmpuint (bl->bars->len, ==, 2);
  g_assert_cmpfloat (bl->value_ticks.min, ==, 0);
  g_assert_cmpfloat (bl->value_ticks.max, ==, 100);

  a = hp_chart_style_color_for_label (style, "Compute", 0);
  b = hp_chart_style_color_for_label (style, "Idle", 1);
  g_assert_true (hp_color_equal (&bl->series_colors[0], &a));
  na = count_color (surface, &a, &hp_chart_get_layout (chart)->plot);
  nb = count_color (surface, &b, &hp_chart_get_layout (chart)->plot);
  g_assert_cmpuint (nb, >, 1000);
  g_assert_cmpfloat_with_epsilon ((double)na / nb, 3.0, 3.0 * 0.02);

  /* the 75 segment sits under the 25 one */
  {
    const HpBarRect *low = &g_array_index (bl->bars, HpBarRect, 0);
    const HpBarRect *high = &g_array_index (bl->bars, HpBarRect, 1);

    g_assert_cmpfloat (low->rect.y, >, high->rect.y);
    g_assert_cmpfloat_with_epsilon (low->rect.height / high->rect.height, 3.0, 0.05);
  }

  cairo_surface_destroy (surface);
}

static void
test_bar_grouped_layout (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_bar_chart_new ("grouped", "Grouped");
  const double         control[] = { 480, 412, 960 };
  const double         test[] = { 512, 398, NAN };
  const HpChartLayout *layout;
  const HpBarLayout   *bl;
  HpChartHit           hit;

  hp_bar_chart_add_category (chart, "linear");
  hp_bar_chart_add_category (chart, "addmm");
  hp_bar_chart_add_category (chart, "copy_");
  hp_bar_chart_add_series (chart, "Control", control);
  hp_bar_chart_add_series (chart, "Test", test);
  hp_bar_chart_set_show_values (chart, TRUE);
  hp_chart_set_axis_labels (chart, "Operator", "Count");

  layout = hp_chart_layout (chart, 640, 400, style);
  bl = hp_bar_chart_get_layout (chart);
  g_assert_false (layout->no_data);
  g_assert_cmpuint (bl->bars->len, ==, 5);
  g_assert_cmpuint (layout->legend->len, ==, 2);
  g_assert_cmpuint (bl->label_stride, ==, 1);
  g_assert_cmpfloat (bl->value_ticks.min, ==, 0);
  g_assert_cmpfloat (bl->value_ticks.max, >=, 960);
  g_assert_true (layout_has_text (layout, "Operator"));
  g_assert_true (layout_has_text (layout, "Count"));
  g_assert_true (layout_has_text (layout, "960"));
  assert_texts_inside (layout);

  for (guint i = 0; i < bl->bars->len; i++)
    {
      const HpBarRect *bar = &g_array_index (bl->bars, HpBarRect, i);

      g_assert_true (rect_inside (&bar->rect, &layout->plot));
      /* a taller value, a taller bar */
      if (bar->category == 2)
        g_assert_cmpfloat (bar->rect.height, >, layout->plot.height * 0.8);
    }

  /* the Test bar of "linear" */
  {
    const HpBarRect *bar = &g_array_index (bl->bars, HpBarRect, 1);

    g_assert_cmpuint (bar->series, ==, 1);
    g_assert_true (hp_chart_hit_test (chart, bar->rect.x + bar->rect.width / 2,
                                      bar->rect.y + bar->rect.height / 2, &hit));
    g_assert_cmpint (hit.kind, ==, HP_CHART_HIT_ITEM);
    g_assert_cmpint (hit.series, ==, 1);
    g_assert_cmpint (hit.item, ==, 0);
    g_assert_cmpfloat (hit.value, ==, 512);
    g_assert_cmpstr (hit.text, ==, "linear");
    g_assert_cmpstr (hit.series_name, ==, "Test");
  }

  /* a legend entry */
  {
    const HpChartLegendEntry *e = &g_array_index (layout->legend, HpChartLegendEntry, 1);

    g_assert_true (hp_chart_hit_test (chart, e->rect.x + 2, e->rect.y + e->rect.height / 2, &hit));
    g_assert_cmpint (hit.kind, ==, HP_CHART_HIT_LEGEND);
    g_assert_cmpstr (hit.text, ==, "Test");
  }

  g_assert_false (hp_chart_hit_test (chart, 1, 1, &hit));
  g_assert_cmpint (hit.kind, ==, HP_CHART_HIT_NONE);
}

static void
test_bar_horizontal_long_names (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_bar_chart_new ("kernels", "Top kernels");
  const char *long_name =
      "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, "
      "at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3>)";
  const double         values[] = { 14210, 1956, 195327 };
  const HpChartLayout *layout;
  const HpBarLayout   *bl;
  gboolean             truncated = FALSE;
  HpChartHit           hit;

  hp_bar_chart_add_category (chart, long_name);
  hp_bar_chart_add_category (chart, "ampere_sgemm_128x64_nn");
  hp_bar_chart_add_category (chart, "ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)");
  hp_bar_chart_add_series (chart, "Total", values);
  hp_bar_chart_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);

  layout = hp_chart_layout (chart, 800, 360, style);
  bl = hp_bar_chart_get_layout (chart);
  g_assert_cmpint (bl->orientation, ==, HP_BAR_ORIENTATION_HORIZONTAL);
  assert_texts_inside (layout);

  for (guint i = 0; i < layout->texts->len; i++)
    {
      const HpChartText *t = &g_array_index (layout->texts, HpChartText, i);

      if (strcmp (t->text, long_name) == 0)
        {
          g_assert_true (t->truncated);
          g_assert_cmpfloat (t->rect.x + t->rect.width, <=, layout->plot.x);
          truncated = TRUE;
          /* the ellipsised label still gives its full name */
          g_assert_true (hp_chart_hit_test (chart, t->rect.x + 5, t->rect.y + t->rect.height / 2,
                                            &hit));
          g_assert_cmpint (hit.kind, ==, HP_CHART_HIT_LABEL);
          g_assert_cmpint (hit.item, ==, 0);
          g_assert_cmpstr (hit.text, ==, long_name);
        }
    }
  g_assert_true (truncated);

  /* bars grow to the right, the longest for the largest value */
  {
    const HpBarRect *nccl = &g_array_index (bl->bars, HpBarRect, 2);
    const HpBarRect *gemm = &g_array_index (bl->bars, HpBarRect, 1);

    g_assert_cmpfloat (nccl->rect.width, >, gemm->rect.width * 50);
    g_assert_cmpfloat (nccl->rect.y, >, gemm->rect.y);
  }
}

static void
test_bar_error_bars (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_bar_chart_new ("kernel_duration", "Kernel type \"COMMUNICATION\" - nccl");
  const HpBarLayout *bl;
  cairo_surface_t   *surface;
  HpColor            fill;

  hp_bar_chart_add_category (chart, "0");
  hp_bar_chart_add_category (chart, "1");
  hp_bar_chart_add_series (chart, "Mean", NULL);
  hp_bar_chart_set_series_color_key (chart, 0, "COMMUNICATION");
  hp_bar_chart_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  hp_bar_chart_set_value (chart, 0, 0, 39065.4);
  hp_bar_chart_set_error (chart, 0, 0, 11727, 62783);
  hp_bar_chart_set_value (chart, 0, 1, 33605.4);
  hp_bar_chart_set_error (chart, 0, 1, 57924, 8370);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 0, 1), ==, 33605.4);
  g_assert_cmpuint (hp_bar_chart_get_n_categories (chart), ==, 2);
  g_assert_cmpuint (hp_bar_chart_get_n_series (chart), ==, 1);

  surface = render (chart, 500, 320, style);
  bl = hp_bar_chart_get_layout (chart);
  g_assert_cmpuint (bl->errors->len, ==, 2);
  /* the axis reaches the highest whisker */
  g_assert_cmpfloat (bl->value_ticks.max, >=, 62783);

  for (guint i = 0; i < 2; i++)
    {
      const HpErrorBar *e = &g_array_index (bl->errors, HpErrorBar, i);
      const HpBarRect  *bar = &g_array_index (bl->bars, HpBarRect, i);

      /* low is below high on screen, the bar top between them */
      g_assert_cmpfloat (e->low, >, e->high);
      g_assert_cmpfloat (bar->rect.y, <, e->low);
      g_assert_cmpfloat (bar->rect.y, >, e->high);
      g_assert_cmpfloat_with_epsilon (e->center, bar->rect.x + bar->rect.width / 2, 1.0);
    }

  /* a single series takes the colour of its key */
  fill = style->kernel_communication;
  g_assert_true (hp_color_equal (&bl->series_colors[0], &fill));
  g_assert_cmpuint (count_color (surface, &fill, NULL), >, 1000);
  cairo_surface_destroy (surface);
}

static void
test_bar_missing_category (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_bar_chart_new ("overlap", "Computation-Communication Overlap");
  const double         values[] = { 11.81, NAN };
  const HpChartLayout *layout;

  hp_bar_chart_add_category (chart, "0");
  hp_bar_chart_add_category (chart, "1");
  hp_bar_chart_add_series (chart, "Overlap", values);
  hp_bar_chart_set_value_format (chart, HP_AXIS_FORMAT_PERCENT);
  hp_bar_chart_set_show_values (chart, TRUE);

  layout = hp_chart_layout (chart, 500, 300, style);
  g_assert_false (layout->no_data);
  g_assert_true (layout_has_text (layout, "11.81%"));
  g_assert_true (layout_has_text (layout, "n/a"));
  g_assert_cmpuint (hp_bar_chart_get_layout (chart)->bars->len, ==, 1);
}

/* ---- pies ---- */

static void
test_pie_shares (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_pie_chart_new ("kernel_type_percentage", "Kernel types");
  const HpPieLayout   *pl;
  const HpChartLayout *layout;
  cairo_surface_t     *surface;
  double               sum = 0;
  guint                n_comm;
  guint                n_comp;
  HpChartHit           hit;

  hp_pie_chart_add_slice (chart, 0, "COMMUNICATION", 75);
  hp_pie_chart_add_slice (chart, 0, "COMPUTATION", 25);
  hp_pie_chart_add_slice (chart, 0, "MEMORY", 0);
  hp_pie_chart_add_slice (chart, 0, "OTHER", NAN);
  g_assert_cmpuint (hp_pie_chart_get_n_pies (chart), ==, 1);

  surface = render (chart, 700, 500, style);
  layout = hp_chart_get_layout (chart);
  pl = hp_pie_chart_get_layout (chart);
  g_assert_cmpuint (pl->pies->len, ==, 1);
  g_assert_cmpuint (pl->slices->len, ==, 2);
  g_assert_cmpuint (pl->n_labels, ==, 4);
  g_assert_cmpuint (layout->legend->len, ==, 4);
  for (guint i = 0; i < pl->slices->len; i++)
    sum += g_array_index (pl->slices, HpPieSlice, i).fraction;
  g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-9);
  g_assert_true (layout_has_text (layout, "75%"));
  assert_texts_inside (layout);

  n_comm = count_color (surface, &style->kernel_communication, &layout->plot);
  n_comp = count_color (surface, &style->kernel_computation, &layout->plot);
  g_assert_cmpuint (n_comp, >, 1000);
  g_assert_cmpfloat_with_epsilon ((double)n_comm / n_comp, 3.0, 3.0 * 0.02);

  /* right of the centre is the first (clockwise from 12 o'clock) slice */
  {
    const HpPieGeometry *g = &g_array_index (pl->pies, HpPieGeometry, 0);

    g_assert_true (hp_chart_hit_test (chart, g->cx + g->radius / 2, g->cy, &hit));
    g_assert_cmpint (hit.kind, ==, HP_CHART_HIT_ITEM);
    g_assert_cmpstr (hit.text, ==, "COMMUNICATION");
    g_assert_cmpfloat (hit.value, ==, 75);
    g_assert_true (hp_chart_hit_test (chart, g->cx - g->radius / 2, g->cy - g->radius / 2, &hit));
    g_assert_cmpstr (hit.text, ==, "COMPUTATION");
    g_assert_false (hp_chart_hit_test (chart, g->cx, g->cy + g->radius + 3, &hit));
  }

  cairo_surface_destroy (surface);
}

static void
test_pie_grid (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_pie_chart_new ("kernels_COMPUTATION", "Per rank");
  const HpPieLayout   *pl;
  const HpChartLayout *layout;

  hp_pie_chart_set_donut (chart, 0.5);
  for (guint r = 0; r < 4; r++)
    {
      g_autofree char *caption = g_strdup_printf ("Rank %u", r);
      guint            pie = hp_pie_chart_add_pie (chart, caption);

      hp_pie_chart_add_slice (chart, pie, "ampere_sgemm_128x64_nn", 10 + r);
      hp_pie_chart_add_slice (chart, pie, "others", 30);
      if (r == 3)
        hp_pie_chart_add_slice (chart, pie, "only on rank 3", 5);
    }

  layout = hp_chart_layout (chart, 800, 600, style);
  pl = hp_pie_chart_get_layout (chart);
  g_assert_cmpuint (pl->pies->len, ==, 4);
  g_assert_cmpuint (pl->n_labels, ==, 3);
  g_assert_cmpuint (layout->legend->len, ==, 3);
  g_assert_true (layout_has_text (layout, "Rank 3"));
  assert_texts_inside (layout);

  /* same label, same colour in every pie; "others" is grey */
  g_assert_true (hp_color_equal (&pl->colors[1], &style->others));
  for (guint i = 0; i < pl->pies->len; i++)
    {
      const HpPieGeometry *a = &g_array_index (pl->pies, HpPieGeometry, i);

      g_assert_cmpfloat (a->inner_radius, ==, a->radius * 0.5);
      g_assert_cmpfloat (a->radius, >, 50);
      /* pies do not overlap each other or the legend */
      for (guint j = i + 1; j < pl->pies->len; j++)
        {
          const HpPieGeometry *b = &g_array_index (pl->pies, HpPieGeometry, j);

          g_assert_cmpfloat (hypot (a->cx - b->cx, a->cy - b->cy), >=, a->radius + b->radius);
        }
      g_assert_cmpfloat (a->cx + a->radius, <, g_array_index (layout->legend, HpChartLegendEntry, 0).rect.x);
    }
}

/* An empty pie among others says "No data" and, given one, why, as an
 * empty chart does: the message, then the reason under it in its cell;
 * without a reason it keeps the single "No data" line */
static void
test_pie_empty_reason (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_pie_chart_new ("kernel_type_percentage", "Per run");
  const char          *reason = "no kernel, memcpy or memset in New";
  const HpChartLayout *layout;
  const HpPieLayout   *pl;
  const HpChartText   *message = NULL;
  const HpChartText   *why = NULL;
  guint                base;

  base = hp_pie_chart_add_pie (chart, "Base");
  hp_pie_chart_add_slice (chart, base, "COMPUTATION", 70);
  hp_pie_chart_add_slice (chart, base, "COMMUNICATION", 30);
  hp_pie_chart_add_pie (chart, "New");
  g_assert_true (hp_chart_has_data (chart));
  g_assert_cmpuint (hp_pie_chart_get_n_empty_pies (chart), ==, 1);

  layout = hp_chart_layout (chart, 800, 450, style);
  g_assert_true (layout_has_text (layout, "No data"));
  g_assert_false (layout_has_text (layout, reason));

  hp_chart_set_no_data_reason (chart, reason);
  layout = hp_chart_layout (chart, 800, 450, style);
  pl = hp_pie_chart_get_layout (chart);
  for (guint i = 0; i < layout->texts->len; i++)
    {
      const HpChartText *t = &g_array_index (layout->texts, HpChartText, i);

      if (strcmp (t->text, "No data") == 0)
        message = t;
      else if (strstr (reason, t->text) == reason)
        why = t;
    }
  g_assert_nonnull (message);
  g_assert_nonnull (why);
  g_assert_cmpint (message->role, ==, HP_CHART_TEXT_MESSAGE);
  g_assert_cmpint (why->role, ==, HP_CHART_TEXT_TICK);
  /* under the message, in the empty pie's column, not the full one's */
  g_assert_cmpfloat (why->rect.y, >=, message->rect.y + message->rect.height);
  g_assert_cmpfloat (fabs (message->rect.x + message->rect.width / 2 - g_array_index (pl->pies, HpPieGeometry, 1).cx),
                     <, 1);
  assert_texts_inside (layout);
  /* the full pie's slices are as they were */
  g_assert_cmpuint (pl->slices->len, ==, 2);
}

/* A renamed series keeps its colour, in bar and line charts: a run marked
 * "(baseline)" is drawn as before */
static void
test_series_rename (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) bars = hp_bar_chart_new ("compare_step_time", "Step time");
  g_autoptr (HpChart) lines = hp_line_chart_new ("compare_memory_timeline", "Memory over time");
  const double         x[] = { 0, 1 };
  const double         y[] = { 1, 2 };
  HpColor              before[2];
  HpColor              renamed;
  const HpChartLayout *layout;

  hp_bar_chart_add_category (bars, "Rank 0");
  hp_bar_chart_add_series (bars, "New", (const double[]){ 2 });
  hp_bar_chart_add_series (bars, "Idle", (const double[]){ 1 });
  hp_line_chart_add_series (lines, "Base rank 0 cuda:0", x, y, 2);
  hp_line_chart_add_series (lines, "New rank 0 cuda:0", x, y, 2);
  layout = hp_chart_layout (bars, 640, 400, style);
  before[0] = g_array_index (layout->legend, HpChartLegendEntry, 1).color;
  layout = hp_chart_layout (lines, 640, 400, style);
  before[1] = g_array_index (layout->legend, HpChartLegendEntry, 0).color;

  /* "Idle" has a colour of its own, which its new name would not take */
  renamed = hp_chart_style_color_for_label (style, "Idle (baseline)", 1);
  g_assert_false (hp_color_equal (&before[0], &renamed));
  hp_chart_set_series_name (bars, 1, "Idle (baseline)");
  hp_chart_set_series_name (lines, 0, "Base (baseline) rank 0 cuda:0");
  g_assert_cmpstr (hp_chart_get_series_name (bars, 1), ==, "Idle (baseline)");
  g_assert_cmpstr (hp_chart_get_series_name (lines, 0), ==, "Base (baseline) rank 0 cuda:0");
  g_assert_cmpstr (hp_chart_get_series_name (lines, 1), ==, "New rank 0 cuda:0");
  g_assert_cmpuint (hp_chart_get_n_named_series (bars), ==, 2);
  g_assert_cmpuint (hp_chart_get_n_named_series (lines), ==, 2);
  {
    g_autoptr (HpChart) pie = hp_pie_chart_new ("kernel_types", "Kernel types");

    /* a pie's slices are no series to rename */
    g_assert_cmpuint (hp_chart_get_n_named_series (pie), ==, 0);
  }
  layout = hp_chart_layout (bars, 640, 400, style);
  g_assert_cmpstr (g_array_index (layout->legend, HpChartLegendEntry, 1).label, ==, "Idle (baseline)");
  g_assert_true (hp_color_equal (&g_array_index (layout->legend, HpChartLegendEntry, 1).color, &before[0]));
  layout = hp_chart_layout (lines, 640, 400, style);
  g_assert_cmpstr (g_array_index (layout->legend, HpChartLegendEntry, 0).label, ==, "Base (baseline) rank 0 cuda:0");
  g_assert_true (hp_color_equal (&g_array_index (layout->legend, HpChartLegendEntry, 0).color, &before[1]));
}

/* How legends and choosers name the baseline: the word once, whatever
 * the run's label says */
static void
test_baseline_label (void)
{
  static const char *const cases[][2] = {
    { "Base", "Base (baseline)" },
    { "base line", "base line (baseline)" },
    { "baseline", "baseline" },
    { "Baseline-fp32", "Baseline-fp32" },
    { "old BASELINE", "old BASELINE" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = hp_compare_baseline_label (cases[i][0], NULL);

      g_assert_cmpstr (name, ==, cases[i][1]);
      g_assert_cmpint (hp_compare_label_says_baseline (cases[i][0]), ==, g_str_equal (name, cases[i][0]));
    }
}

/* ---- histograms ---- */

static void
test_histogram_bins (void)
{
  g_autoptr (HpChart) chart = hp_histogram_new ("h", "Histogram");
  const double          values[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, NAN, INFINITY };
  const HpHistogramBin *bins;
  guint                 n_bins;
  guint                 total = 0;

  hp_histogram_set_values (chart, values, G_N_ELEMENTS (values));
  g_assert_cmpuint (hp_histogram_get_n_values (chart), ==, 11);

  hp_histogram_set_bin_count (chart, 5);
  bins = hp_histogram_get_bins (chart, &n_bins);
  g_assert_cmpuint (n_bins, ==, 5);
  g_assert_cmpfloat (bins[0].low, ==, 0);
  g_assert_cmpfloat (bins[4].high, ==, 10);
  for (guint b = 0; b < n_bins; b++)
    total += bins[b].count;
  g_assert_cmpuint (total, ==, 11);
  /* the maximum falls in the last bin */
  g_assert_cmpuint (bins[4].count, ==, 3);

  hp_histogram_set_bin_width (chart, 4);
  bins = hp_histogram_get_bins (chart, &n_bins);
  g_assert_cmpuint (n_bins, ==, 3);
  g_assert_cmpfloat (bins[0].low, ==, 0);
  g_assert_cmpfloat (bins[2].low, ==, 8);
  g_assert_cmpuint (bins[0].count, ==, 4);
  g_assert_cmpuint (bins[2].count, ==, 3);

  /* automatic: a 1-2-5 width */
  hp_histogram_set_bin_count (chart, 0);
  bins = hp_histogram_get_bins (chart, &n_bins);
  g_assert_cmpuint (n_bins, >=, 3);
  g_assert_cmpfloat_with_epsilon (bins[0].high - bins[0].low,
                                  hp_axis_nice_step (bins[0].high - bins[0].low), 1e-12);

  /* a single repeated value */
  {
    const double same[] = { 7, 7, 7 };

    hp_histogram_set_values (chart, same, 3);
    hp_histogram_set_bin_count (chart, 300);
    bins = hp_histogram_get_bins (chart, &n_bins);
    total = 0;
    for (guint b = 0; b < n_bins; b++)
      total += bins[b].count;
    g_assert_cmpuint (total, ==, 3);
  }
}

static void
test_histogram_render (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_histogram_new ("launch_delay_outliers_rank0", "Launch delays");
  g_autofree double       *values = g_new (double, 1000);
  const HpHistogramLayout *hl;
  const HpChartLayout     *layout;
  cairo_surface_t         *surface;
  HpColor                  color;
  HpChartHit               hit;

  for (guint i = 0; i < 1000; i++)
    values[i] = 100 + (i % 100) * (i % 7);
  hp_histogram_set_values (chart, values, 1000);
  hp_histogram_set_bin_count (chart, 300);
  hp_histogram_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  hp_histogram_set_color_key (chart, "COMMUNICATION");
  hp_chart_set_axis_labels (chart, "Launch delay", "Launches");

  surface = render (chart, 800, 400, style);
  layout = hp_chart_get_layout (chart);
  hl = hp_histogram_get_layout (chart);
  g_assert_cmpuint (hl->bars->len, ==, 300);
  g_assert_cmpfloat (hl->y_ticks.min, ==, 0);
  g_assert_cmpfloat (hl->x_ticks.min, ==, 100);
  assert_texts_inside (layout);

  color = style->kernel_communication;
  g_assert_cmpuint (count_color (surface, &color, &layout->plot), >, 500);

  /* hovering the first bin's column */
  g_assert_true (hp_chart_hit_test (chart, layout->plot.x + 0.5, layout->plot.y + layout->plot.height - 2, &hit));
  g_assert_cmpint (hit.kind, ==, HP_CHART_HIT_ITEM);
  g_assert_cmpint (hit.item, ==, 0);
  g_assert_cmpfloat (hit.value, >, 0);
  g_assert_nonnull (hit.text);
  cairo_surface_destroy (surface);
}

/* ---- lines ---- */

static void
test_line_spike_survives_decimation (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_line_chart_new ("queue_length_rank0", "Queue length");
  const gsize          n = 1000000;
  const gsize          spike = 654321;
  g_autofree double   *x = g_new (double, n);
  g_autofree double   *y = g_new (double, n);
  const HpLineLayout  *ll;
  const HpChartLayout *layout;
  cairo_surface_t     *surface;
  HpRect               top;
  HpColor              color;
  double               best = INFINITY;
  guint                spike_column = 0;

  for (gsize i = 0; i < n; i++)
    {
      x[i] = i;
      y[i] = 1.0 + (i % 3) * 0.01;
    }
  y[spike] = 100;
  hp_line_chart_add_series (chart, "Stream 7", x, y, n);
  hp_line_chart_set_x_format (chart, HP_AXIS_FORMAT_NUMBER);
  g_assert_cmpuint (hp_line_chart_get_n_points (chart, 0), ==, n);

  surface = render (chart, 640, 360, style);
  layout = hp_chart_get_layout (chart);
  ll = hp_line_chart_get_layout (chart);
  g_assert_cmpuint (ll->n_points_used, ==, n);
  g_assert_cmpuint (ll->n_columns, ==, (guint)ceil (layout->plot.width));
  g_assert_cmpfloat (ll->y_ticks.max, >=, 100);

  /* exactly one column reaches the top */
  for (guint c = 0; c < ll->n_columns; c++)
    {
      if (ll->columns[c].min < best)
        {
          best = ll->columns[c].min;
          spike_column = c;
        }
    }
  g_assert_cmpfloat (best, <, layout->plot.y + layout->plot.height * 0.05);
  g_assert_cmpfloat_with_epsilon ((double)spike_column / ll->n_columns, (double)spike / n, 0.01);

  /* and it is painted: series pixels in the top quarter of the plot */
  color = ll->series_colors[0];
  top = (HpRect){ layout->plot.x, layout->plot.y, layout->plot.width, layout->plot.height / 4 };
  g_assert_cmpuint (count_color (surface, &color, &top), >=, 5);
  cairo_surface_destroy (surface);
}

static void
test_line_step_and_hit (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_line_chart_new ("memory_bw_rank0", "Memory bandwidth");
  /* unsorted on purpose: the chart sorts by x */
  const double         x[] = { 30, 10, 20, 40 };
  const double         y[] = { 0, 5, 8, NAN };
  const double         x2[] = { 0, 50 };
  const double         y2[] = { 1, 1 };
  const HpChartLayout *layout;
  HpChartHit           hit;
  double               px;
  double               py;

  hp_line_chart_set_mode (chart, HP_LINE_STEP);
  hp_line_chart_add_series (chart, "Memcpy DtoD", x, y, 4);
  hp_line_chart_add_series (chart, "Memset", x2, y2, 2);
  hp_line_chart_set_series_color_key (chart, 1, "MEMORY");
  g_assert_cmpuint (hp_line_chart_get_n_series (chart), ==, 2);
  g_assert_true (hp_line_chart_get_point (chart, 0, 0, &px, &py));
  g_assert_cmpfloat (px, ==, 10);
  g_assert_cmpfloat (py, ==, 5);
  g_assert_false (hp_line_chart_get_point (chart, 0, 9, NULL, NULL));

  layout = hp_chart_layout (chart, 600, 300, style);
  g_assert_cmpuint (layout->legend->len, ==, 2);
  g_assert_true (hp_color_equal (&hp_line_chart_get_layout (chart)->series_colors[1], &style->kernel_memory));

  /* at x = 25 the step holds the value of x = 20 */
  px = layout->plot.x + layout->plot.width * 25 / 50;
  py = layout->plot.y + layout->plot.height * (1 - 8.0 / hp_line_chart_get_layout (chart)->y_ticks.max);
  g_assert_true (hp_chart_hit_test (chart, px, py, &hit));
  g_assert_cmpint (hit.kind, ==, HP_CHART_HIT_ITEM);
  g_assert_cmpint (hit.series, ==, 0);
  g_assert_cmpint (hit.item, ==, 1);
  g_assert_cmpfloat (hit.value, ==, 8);
  g_assert_cmpstr (hit.series_name, ==, "Memcpy DtoD");
}

/* ---- heat maps ---- */

static void
test_heat_map (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_heat_map_new ("steps", "Iteration time");
  const HpHeatMapLayout *hl;
  const HpChartLayout   *layout;
  cairo_surface_t       *surface;
  HpChartHit             hit;
  HpRect                 cell;
  HpColor                low;
  HpColor                high;

  hp_heat_map_set_size (chart, 2, 3);
  hp_heat_map_set_row_label (chart, 0, "0");
  hp_heat_map_set_row_label (chart, 1, "1");
  for (guint c = 0; c < 3; c++)
    {
      g_autofree char *label = g_strdup_printf ("step %u", c);

      hp_heat_map_set_column_label (chart, c, label);
    }
  hp_heat_map_set_value (chart, 0, 0, 10);
  hp_heat_map_set_value (chart, 0, 1, 20);
  hp_heat_map_set_value (chart, 0, 2, 30);
  hp_heat_map_set_value (chart, 1, 0, 40);
  hp_heat_map_set_value (chart, 1, 1, 50);
  hp_heat_map_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  g_assert_true (isnan (hp_heat_map_get_value (chart, 1, 2)));

  surface = render (chart, 600, 400, style);
  layout = hp_chart_get_layout (chart);
  hl = hp_heat_map_get_layout (chart);
  g_assert_cmpfloat (hl->value_min, ==, 10);
  g_assert_cmpfloat (hl->value_max, ==, 50);
  assert_texts_inside (layout);

  low = hp_chart_style_ramp_color (style, 0);
  high = hp_chart_style_ramp_color (style, 1);
  cell = (HpRect){ hl->grid.x + 4, hl->grid.y + 4, hl->cell_width - 8, hl->cell_height - 8 };
  /* the whole cell (but its border) is the low end of the scale */
  g_assert_cmpuint (count_color (surface, &low, &cell), >=, (guint)(cell.width * cell.height));
  cell.x += hl->cell_width;
  cell.y += hl->cell_height;
  g_assert_cmpuint (count_color (surface, &high, &cell), >, 100);
  cell.x += hl->cell_width;
  g_assert_cmpuint (count_color (surface, &style->missing, &cell), >, 100);

  g_assert_true (hp_chart_hit_test (chart, hl->grid.x + hl->cell_width * 1.5,
                                    hl->grid.y + hl->cell_height * 0.5, &hit));
  g_assert_cmpint (hit.series, ==, 0);
  g_assert_cmpint (hit.item, ==, 1);
  g_assert_cmpfloat (hit.value, ==, 20);
  g_assert_cmpstr (hit.text, ==, "step 1");
  g_assert_cmpstr (hit.series_name, ==, "0");
  cairo_surface_destroy (surface);
}

/* ---- no data ---- */

typedef HpChart *(*MakeChart) (gboolean with_nan);

static HpChart *
make_bar (gboolean with_nan)
{
  HpChart *chart = hp_bar_chart_new ("bar", "Temporal breakdown across ranks");

  if (with_nan)
    {
      const double nan[] = { NAN, NAN };

      hp_bar_chart_add_category (chart, "0");
      hp_bar_chart_add_category (chart, "1");
      hp_bar_chart_add_series (chart, "Compute", nan);
    }
  return chart;
}

static HpChart *
make_pie (gboolean with_nan)
{
  HpChart *chart = hp_pie_chart_new ("pie", "Kernel Type Percentage Across All Ranks");

  if (with_nan)
    {
      hp_pie_chart_add_slice (chart, 0, "COMPUTATION", NAN);
      hp_pie_chart_add_slice (chart, 0, "COMMUNICATION", 0);
    }
  return chart;
}

static HpChart *
make_histogram (gboolean with_nan)
{
  HpChart *chart = hp_histogram_new ("histogram", "Short GPU kernels");

  if (with_nan)
    {
      const double nan[] = { NAN, INFINITY };

      hp_histogram_set_values (chart, nan, 2);
    }
  return chart;
}

static HpChart *
make_line (gboolean with_nan)
{
  HpChart *chart = hp_line_chart_new ("line", "Queue length");

  if (with_nan)
    {
      const double x[] = { 1, 2, NAN };
      const double y[] = { NAN, NAN, 3 };

      hp_line_chart_add_series (chart, "Stream 7", x, y, 3);
    }
  return chart;
}

static HpChart *
make_heat_map (gboolean with_nan)
{
  HpChart *chart = hp_heat_map_new ("heat", "Heat");

  if (with_nan)
    hp_heat_map_set_size (chart, 3, 3);
  return chart;
}

static void
test_no_data (void)
{
  static const MakeChart makers[] = { make_bar, make_pie, make_histogram, make_line, make_heat_map };
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();

  for (guint m = 0; m < G_N_ELEMENTS (makers); m++)
    for (guint with_nan = 0; with_nan < 2; with_nan++)
      {
        g_autoptr (HpChart) chart = makers[m](with_nan);
        const HpChartLayout *layout;
        cairo_surface_t     *surface;

        g_assert_false (hp_chart_has_data (chart));
        surface = render (chart, 480, 320, style);
        layout = hp_chart_get_layout (chart);
        g_assert_true (layout->no_data);
        g_assert_true (layout_has_text (layout, "No data"));
        g_assert_true (layout_has_text (layout, hp_chart_get_title (chart)));
        g_assert_cmpuint (layout->legend->len, ==, 0);
        assert_texts_inside (layout);

        /* nothing drawn in any series colour */
        for (guint i = 0; i < HP_CHART_PALETTE_SIZE; i++)
          g_assert_cmpuint (count_color (surface, &style->palette[i], NULL), ==, 0);
        g_assert_cmpuint (count_color (surface, &style->kernel_computation, NULL), ==, 0);
        g_assert_cmpuint (count_color (surface, &style->ramp[0], NULL), ==, 0);
        cairo_surface_destroy (surface);
      }
}

/* many categories, long names, wide ranges: labels stay apart at any
 * reasonable size */
static void
test_labels_do_not_overlap (void)
{
  static const int sizes[][2] = { { 360, 240 }, { 640, 400 }, { 960, 540 }, { 1920, 1080 } };
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (GPtrArray) charts = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_chart_unref);
  g_autofree double *x = g_new (double, 5000);
  g_autofree double *y = g_new (double, 5000);
  HpChart           *chart;

  /* 64 ranks */
  chart = hp_bar_chart_new ("ranks", "Temporal breakdown across ranks");
  hp_bar_chart_set_mode (chart, HP_BAR_STACKED);
  hp_bar_chart_set_value_format (chart, HP_AXIS_FORMAT_PERCENT);
  for (guint r = 0; r < 64; r++)
    {
      g_autofree char *label = g_strdup_printf ("%u", r);

      hp_bar_chart_add_category (chart, label);
    }
  for (guint s = 0; s < 3; s++)
    {
      guint series = hp_bar_chart_add_series (chart, s == 0 ? "Idle" : s == 1 ? "Compute"
                                                                              : "Non-compute",
                                              NULL);

      for (guint r = 0; r < 64; r++)
        hp_bar_chart_set_value (chart, series, r, 20 + s * 5 + r % 7);
    }
  g_ptr_array_add (charts, chart);

  /* long names, forced vertical: ellipsised or thinned out */
  chart = hp_bar_chart_new ("names", "Names");
  hp_bar_chart_set_orientation (chart, HP_BAR_ORIENTATION_VERTICAL);
  for (guint i = 0; i < 12; i++)
    {
      g_autofree char *label = g_strdup_printf ("void at::native::vectorized_elementwise_kernel_%u", i);

      hp_bar_chart_add_category (chart, label);
    }
  hp_bar_chart_add_series (chart, "Total", NULL);
  for (guint i = 0; i < 12; i++)
    hp_bar_chart_set_value (chart, 0, i, 1e3 * (i + 1));
  g_ptr_array_add (charts, chart);

  /* a time axis over 10 s, a compact count axis */
  for (guint i = 0; i < 5000; i++)
    {
      x[i] = i * 2000.0;
      y[i] = (i % 97) * 12345.0;
    }
  chart = hp_line_chart_new ("line", "Line");
  hp_line_chart_add_series (chart, "Stream 7", x, y, 5000);
  hp_line_chart_add_series (chart, "Stream 23", x, x, 5000);
  hp_line_chart_set_y_format (chart, HP_AXIS_FORMAT_COMPACT);
  g_ptr_array_add (charts, chart);

  chart = hp_histogram_new ("histogram", "Histogram");
  hp_histogram_set_values (chart, y, 5000);
  hp_histogram_set_bin_count (chart, 300);
  hp_histogram_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  g_ptr_array_add (charts, chart);

  chart = hp_heat_map_new ("heat", "Heat map");
  hp_heat_map_set_size (chart, 32, 50);
  for (guint r = 0; r < 32; r++)
    for (guint c = 0; c < 50; c++)
      hp_heat_map_set_value (chart, r, c, r * c);
  for (guint r = 0; r < 32; r++)
    {
      g_autofree char *label = g_strdup_printf ("rank %u", r);

      hp_heat_map_set_row_label (chart, r, label);
    }
  for (guint c = 0; c < 50; c++)
    {
      g_autofree char *label = g_strdup_printf ("ProfilerStep#%u", c);

      hp_heat_map_set_column_label (chart, c, label);
    }
  g_ptr_array_add (charts, chart);

  for (guint i = 0; i < charts->len; i++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        const HpChartLayout *layout;

        layout = hp_chart_layout (g_ptr_array_index (charts, i), sizes[s][0], sizes[s][1], style);
        assert_texts_inside (layout);
        assert_no_overlapping_labels (layout);
      }
}

/* every kind survives absurd sizes */
static void
test_tiny_sizes (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  static const int sizes[][2] = { { 1, 1 }, { 30, 20 }, { 120, 40 }, { 40, 300 } };
  g_autoptr (GPtrArray) charts = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_chart_unref);
  const double v[] = { 1, 2, 3 };

  g_ptr_array_add (charts, make_bar (FALSE));
  hp_bar_chart_add_category (g_ptr_array_index (charts, 0), "a");
  hp_bar_chart_add_series (g_ptr_array_index (charts, 0), "s", v);
  g_ptr_array_add (charts, hp_pie_chart_new ("p", "p"));
  hp_pie_chart_add_slice (g_ptr_array_index (charts, 1), 0, "x", 1);
  g_ptr_array_add (charts, hp_histogram_new ("h", "h"));
  hp_histogram_set_values (g_ptr_array_index (charts, 2), v, 3);
  g_ptr_array_add (charts, hp_line_chart_new ("l", "l"));
  hp_line_chart_add_series (g_ptr_array_index (charts, 3), "s", NULL, v, 3);
  g_ptr_array_add (charts, hp_heat_map_new ("m", "m"));
  hp_heat_map_set_size (g_ptr_array_index (charts, 4), 2, 2);
  hp_heat_map_set_value (g_ptr_array_index (charts, 4), 0, 0, 1);

  for (guint c = 0; c < charts->len; c++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        HpChart   *chart = g_ptr_array_index (charts, c);
        HpChartHit hit;

        cairo_surface_destroy (render (chart, sizes[s][0], sizes[s][1], style));
        hp_chart_hit_test (chart, sizes[s][0] / 2.0, sizes[s][1] / 2.0, &hit);
      }
}

/* ---- adapters (tables built by hand with HTA's column names) ---- */

static HpTable *
temporal_table (void)
{
  return hp_test_table_from_csv ("temporal_breakdown", "Temporal breakdown",
                                 "rank:i;idle_time(us):d:us;compute_time(us):d:us;non_compute_time(us):d:us;"
                                 "kernel_time(us):d:us;idle_time_pctg:d:%;compute_time_pctg:d:%;"
                                 "non_compute_time_pctg:d:%",
                                 "0,321378,106252,172428,600058,53.56,17.71,28.74\n"
                                 "1,328671,135548,136455,600674,54.72,22.57,22.72\n");
}

static void
test_adapt_temporal (void)
{
  g_autoptr (HpTable) table = temporal_table ();
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  HpChart *chart;

  g_assert_cmpuint (charts->len, ==, 1);
  chart = g_ptr_array_index (charts, 0);
  g_assert_cmpstr (hp_chart_get_name (chart), ==, "temporal_breakdown");
  g_assert_cmpstr (hp_chart_get_title (chart), ==, "Temporal breakdown across ranks");
  g_assert_cmpint (hp_chart_get_kind (chart), ==, HP_CHART_KIND_BAR);
  g_assert_cmpuint (hp_bar_chart_get_n_categories (chart), ==, 2);
  g_assert_cmpuint (hp_bar_chart_get_n_series (chart), ==, 3);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 0, 0), ==, 53.56);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 2, 1), ==, 22.72);
}

static HpTable *
kernel_type_table (void)
{
  return hp_test_table_from_csv ("gpu_kernel_breakdown_kernel_type", "Kernel types",
                                 "kernel_type:s;sum:i:us;percentage:d:%",
                                 "COMMUNICATION,305584,55.5\n"
                                 "COMPUTATION,185023,33.6\n"
                                 "COMPUTATION overlapping COMMUNICATION,56747,10.3\n"
                                 "MEMORY,2288,0.4\n"
                                 "COMPUTATION overlapping COMMUNICATION overlapping MEMORY,12,0.0\n");
}

static void
test_adapt_kernel_type (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpTable) table = kernel_type_table ();
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  HpChart           *chart;
  const HpPieLayout *pl;

  g_assert_cmpuint (charts->len, ==, 1);
  chart = g_ptr_array_index (charts, 0);
  g_assert_cmpstr (hp_chart_get_name (chart), ==, "kernel_type_percentage");
  g_assert_cmpstr (hp_chart_get_title (chart), ==, "Kernel Type Percentage Across All Ranks");
  hp_chart_layout (chart, 800, 500, style);
  pl = hp_pie_chart_get_layout (chart);
  /* rows with a zero percentage are left out, as HTA does */
  g_assert_cmpuint (pl->slices->len, ==, 4);
  g_assert_true (hp_color_equal (&pl->colors[0], &style->kernel_communication));
}

static HpTable *
kernels_table (void)
{
  return hp_test_table_from_csv (
      "gpu_kernel_breakdown_kernels", "Kernels",
      "name:s;sum (us):d:us;max (us):d:us;min (us):d:us;stddev:d:us;mean (us):d:us;kernel_type:s;rank:i",
      "\"ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)\","
      "195327.0,62783.0,11727.0,19143.6,39065.4,COMMUNICATION,0\n"
      "\"ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)\","
      "168027.0,57924.0,8370.0,20173.2,33605.4,COMMUNICATION,1\n"
      "ampere_sgemm_128x64_nn,1956.0,1956.0,1956.0,0.0,1956.0,COMPUTATION,1\n"
      "others,59998.0,1992.0,4.0,503.4,327.86,COMPUTATION,0\n"
      "others,51000.0,1800.0,3.0,400.0,300.0,COMPUTATION,1\n");
}

static HpChart *
find_chart (GPtrArray  *charts,
            const char *name)
{
  for (guint i = 0; i < charts->len; i++)
    if (strcmp (hp_chart_get_name (g_ptr_array_index (charts, i)), name) == 0)
      return g_ptr_array_index (charts, i);
  return NULL;
}

static void
test_adapt_kernels (void)
{
  g_autoptr (HpTable) table = kernels_table ();
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  HpChart *pies;
  HpChart *bars;

  /* two grids of pies, two duration charts (no chart for "others") */
  g_assert_cmpuint (charts->len, ==, 4);
  pies = find_chart (charts, "kernels_COMMUNICATION");
  g_assert_nonnull (pies);
  g_assert_cmpstr (hp_chart_get_title (pies), ==, "Kernel type \"COMMUNICATION\" - kernel distribution on each rank");
  g_assert_cmpuint (hp_pie_chart_get_n_pies (pies), ==, 2);
  g_assert_nonnull (find_chart (charts, "kernels_COMPUTATION"));

  bars = find_chart (charts, "kernel_duration_COMMUNICATION_0");
  g_assert_nonnull (bars);
  g_assert_cmpstr (hp_chart_get_title (bars), ==, "Kernel type \"COMMUNICATION\" - ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)");
  g_assert_cmpuint (hp_bar_chart_get_n_categories (bars), ==, 2);
  g_assert_cmpfloat (hp_bar_chart_get_value (bars, 0, 0), ==, 39065.4);
  g_assert_cmpfloat (hp_bar_chart_get_value (bars, 0, 1), ==, 33605.4);

  bars = find_chart (charts, "kernel_duration_COMPUTATION_0");
  g_assert_nonnull (bars);
  g_assert_cmpstr (hp_chart_get_title (bars), ==, "Kernel type \"COMPUTATION\" - ampere_sgemm_128x64_nn");
  /* only rank 1 ran it */
  g_assert_true (isnan (hp_bar_chart_get_value (bars, 0, 0)));
  g_assert_cmpfloat (hp_bar_chart_get_value (bars, 0, 1), ==, 1956);
}

static void
test_adapt_idle_time (void)
{
  /* a stream never idle has a null ratio */
  g_autoptr (HpTable) t = hp_test_table_from_csv ("idle_time_breakdown", "Idle time",
                                                  "rank:i;stream:i;idle_category:s;idle_time:d:us;idle_time_ratio:d",
                                                  "0,7,host_wait,213825,0.45\n"
                                                  "0,7,kernel_wait,1985,0.0\n"
                                                  "0,7,other,261740,0.55\n"
                                                  "0,203,other,0,\n"
                                                  "1,23,host_wait,596313,1.0\n");
  g_autoptr (GPtrArray) charts = NULL;
  HpChart *chart;

  charts = hp_chart_adapt_table (t, NULL);
  g_assert_cmpuint (charts->len, ==, 2);
  chart = g_ptr_array_index (charts, 0);
  g_assert_cmpstr (hp_chart_get_name (chart), ==, "idle_time_rank0");
  g_assert_cmpstr (hp_chart_get_title (chart), ==, "Idle time breakdown on rank 0 per CUDA stream");
  g_assert_cmpuint (hp_bar_chart_get_n_categories (chart), ==, 2);
  g_assert_cmpuint (hp_bar_chart_get_n_series (chart), ==, 3);
  /* the exact shares of idle_time, not the rounded ratios */
  g_assert_cmpfloat_with_epsilon (hp_bar_chart_get_value (chart, 0, 0), 100.0 * 213825 / 477550, 1e-9);
  g_assert_cmpfloat_with_epsilon (hp_bar_chart_get_value (chart, 2, 0), 100.0 * 261740 / 477550, 1e-9);
  g_assert_true (isnan (hp_bar_chart_get_value (chart, 2, 1)));
  chart = g_ptr_array_index (charts, 1);
  g_assert_cmpstr (hp_chart_get_name (chart), ==, "idle_time_rank1");
  g_assert_cmpuint (hp_bar_chart_get_n_series (chart), ==, 1);
}

static void
test_adapt_overlap (void)
{
  g_autoptr (HpTable) t = hp_test_table_from_csv ("comm_comp_overlap", "Overlap", "rank:i;comp_comm_overlap_pctg:d:%",
                                                  "0,11.81\n"
                                                  "1,20.05\n");
  g_autoptr (GPtrArray) charts = NULL;
  HpChart *chart;

  charts = hp_chart_adapt_table (t, NULL);
  g_assert_cmpuint (charts->len, ==, 1);
  chart = g_ptr_array_index (charts, 0);
  g_assert_cmpstr (hp_chart_get_name (chart), ==, "comm_comp_overlap");
  g_assert_cmpstr (hp_chart_get_title (chart), ==, "Computation-Communication Overlap");
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 0, 1), ==, 20.05);
}

static void
test_adapt_launch_stats (void)
{
  g_autoptr (HpTable) t = hp_test_table_from_csv ("cuda_kernel_launch_stats", "Launches",
                                                  "rank:i;correlation:i;cpu_duration:d:us;gpu_duration:d:us;"
                                                  "launch_delay:d:us",
                                                  "0,1,18,10,0\n" /* short */
                                                  "0,2,7,10,0\n"
                                                  "0,3,9,3,150\n" /* short, delay outlier */
                                                  "0,4,80,3,1\n"  /* runtime outlier */
                                                  "1,5,6,3,1\n"); /* short */
  g_autoptr (GPtrArray) charts = NULL;
  HpAnalysisParams params;

  hp_analysis_params_init (&params);
  charts = hp_chart_adapt_table (t, &params);
  hp_analysis_params_clear (&params);

  g_assert_cmpuint (charts->len, ==, 6);
  g_assert_cmpstr (hp_chart_get_name (g_ptr_array_index (charts, 0)), ==, "launch_short_kernels_rank0");
  g_assert_cmpstr (hp_chart_get_title (g_ptr_array_index (charts, 0)), ==, "Short GPU kernels (gpu op duration < cpu op duration) on rank 0");
  g_assert_cmpuint (hp_histogram_get_n_values (g_ptr_array_index (charts, 0)), ==, 2);
  g_assert_cmpstr (hp_chart_get_name (g_ptr_array_index (charts, 1)), ==, "launch_runtime_outliers_rank0");
  g_assert_cmpstr (hp_chart_get_title (g_ptr_array_index (charts, 1)), ==, "Runtime Event Duration Outliers (duration > 50 us) on rank 0");
  g_assert_cmpuint (hp_histogram_get_n_values (g_ptr_array_index (charts, 1)), ==, 1);
  g_assert_cmpstr (hp_chart_get_name (g_ptr_array_index (charts, 2)), ==, "launch_delay_outliers_rank0");
  g_assert_cmpstr (hp_chart_get_title (g_ptr_array_index (charts, 2)), ==, "Launch Delay Outliers (duration > 100 us) on rank 0");
  g_assert_cmpuint (hp_histogram_get_n_values (g_ptr_array_index (charts, 2)), ==, 1);
  g_assert_cmpstr (hp_chart_get_name (g_ptr_array_index (charts, 5)), ==, "launch_delay_outliers_rank1");
  g_assert_false (hp_chart_has_data (g_ptr_array_index (charts, 5)));

  /* other cutoffs show in the titles */
  g_clear_pointer (&charts, g_ptr_array_unref);
  charts = hp_chart_adapt_launch_stats (t, 5, 12.5);
  g_assert_cmpstr (hp_chart_get_title (g_ptr_array_index (charts, 1)), ==, "Runtime Event Duration Outliers (duration > 5 us) on rank 0");
  g_assert_cmpstr (hp_chart_get_title (g_ptr_array_index (charts, 2)), ==, "Launch Delay Outliers (duration > 12.5 us) on rank 0");
}

static void
test_adapt_counters (void)
{
  g_autoptr (HpTable) q = hp_test_table_from_csv ("queue_length_time_series", "Queue",
                                                  "rank:i;ts:d:us;pid:i;tid:i;stream:i;queue_length:i",
                                                  "0,21283,0,7,7,1\n"
                                                  "0,21307,0,7,7,0\n"
                                                  "0,21400,0,7,23,1\n"
                                                  "1,21000,0,7,7,2\n");
  g_autoptr (HpTable) m = hp_test_table_from_csv ("memory_bw_time_series", "Bandwidth",
                                                  "rank:i;ts:d:us;pid:i;name:s;memory_bw_gbps:d:GB/s",
                                                  "0,31029,0,Memcpy DtoD,357.8\n"
                                                  "0,31128,0,Memcpy DtoD,0\n"
                                                  "0,40000,0,Memset,12.5\n");
  g_autoptr (GPtrArray) charts = NULL;
  HpChart *chart;

  charts = hp_chart_adapt_table (q, NULL);
  g_assert_cmpuint (charts->len, ==, 2);
  chart = g_ptr_array_index (charts, 0);
  g_assert_cmpstr (hp_chart_get_name (chart), ==, "queue_length_rank0");
  g_assert_cmpuint (hp_line_chart_get_n_series (chart), ==, 2);
  g_assert_cmpuint (hp_line_chart_get_n_points (chart, 0), ==, 2);
  g_assert_cmpuint (hp_line_chart_get_n_points (chart, 1), ==, 1);
  g_assert_cmpstr (hp_chart_get_name (g_ptr_array_index (charts, 1)), ==, "queue_length_rank1");

  g_clear_pointer (&charts, g_ptr_array_unref);
  charts = hp_chart_adapt_table (m, NULL);
  g_assert_cmpuint (charts->len, ==, 1);
  chart = g_ptr_array_index (charts, 0);
  g_assert_cmpstr (hp_chart_get_name (chart), ==, "memory_bw_rank0");
  g_assert_cmpuint (hp_line_chart_get_n_series (chart), ==, 2);
}

static void
test_adapt_user_annotations (void)
{
  /* every statistic is the sum */
  g_autoptr (HpTable) t = hp_test_table_from_csv ("user_annotation_breakdown_cpu", "Annotations",
                                                  "name:s;sum (us):d:us;max (us):d:us;min (us):d:us;stddev:d:us;"
                                                  "mean (us):d:us;rank:i",
                                                  "## forward ##,1235,1235,1235,1235,1235,0\n"
                                                  "## backward ##,1616,1616,1616,1616,1616,0\n"
                                                  "others,99,99,99,99,99,0\n"
                                                  "## forward ##,1300,1300,1300,1300,1300,1\n");
  g_autoptr (GPtrArray) charts = NULL;

  charts = hp_chart_adapt_table (t, NULL);
  g_assert_cmpuint (charts->len, ==, 3);
  g_assert_cmpstr (hp_chart_get_name (g_ptr_array_index (charts, 0)), ==, "user_annotation_cpu_distribution");
  g_assert_cmpstr (hp_chart_get_title (g_ptr_array_index (charts, 0)), ==, "User annotation distribution on each rank");
  g_assert_cmpuint (hp_pie_chart_get_n_pies (g_ptr_array_index (charts, 0)), ==, 2);
  g_assert_cmpstr (hp_chart_get_name (g_ptr_array_index (charts, 1)), ==, "user_annotation_cpu_0");
  g_assert_cmpstr (hp_chart_get_title (g_ptr_array_index (charts, 1)), ==, "User annotation = ## forward ##");
  g_assert_cmpfloat (hp_bar_chart_get_value (g_ptr_array_index (charts, 1), 0, 1), ==, 1300);
  g_assert_cmpstr (hp_chart_get_title (g_ptr_array_index (charts, 2)), ==, "User annotation = ## backward ##");
}

static HpTable *
aten_op_table (void)
{
  return hp_test_table_from_csv ("aten_op_kernels_and_delay", "ATen ops",
                                 "rank:i;aten_op_name:s;kernel_sequence:s;occurrence_count:i;"
                                 "avg_aten_op_launch_delay:d:us;avg_runtime_delay:d:us",
                                 "0,aten::mm,gemm_a,3,10,100\n"
                                 "0,aten::add,add,2,5,50\n"
                                 "0,aten::mm,gemm_b,1,30,300\n"
                                 "1,aten::mul,mul,4,8,80\n");
}

static void
test_adapt_aten_op_delays (void)
{
  g_autoptr (HpTable) table = aten_op_table ();
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  g_autoptr (GPtrArray) top = NULL;
  g_autoptr (HpTable) empty = hp_table_new ("aten_op_kernels_and_delay", "Empty");
  HpChart *chart;

  /* per rank: occurrences, then launch delays, ops in the same order */
  g_assert_cmpuint (charts->len, ==, 4);
  chart = g_ptr_array_index (charts, 0);
  g_assert_cmpstr (hp_chart_get_name (chart), ==, "aten_op_occurrences_rank0");
  g_assert_cmpint (hp_chart_get_kind (chart), ==, HP_CHART_KIND_BAR);
  g_assert_cmpuint (hp_bar_chart_get_n_categories (chart), ==, 2);
  /* aten::mm's two kernel sequences add up and come first */
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 0, 0), ==, 4);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 0, 1), ==, 2);
  chart = g_ptr_array_index (charts, 1);
  g_assert_cmpstr (hp_chart_get_name (chart), ==, "aten_op_launch_delay_rank0");
  /* the mean of both sequences, weighted by their occurrences */
  g_assert_cmpfloat_with_epsilon (hp_bar_chart_get_value (chart, 0, 0), (3 * 10.0 + 30) / 4, 1e-9);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 0, 1), ==, 5);
  g_assert_cmpstr (hp_chart_get_name (g_ptr_array_index (charts, 2)), ==, "aten_op_occurrences_rank1");
  g_assert_cmpstr (hp_chart_get_name (g_ptr_array_index (charts, 3)), ==, "aten_op_launch_delay_rank1");

  /* only the most frequent ops */
  top = hp_chart_adapt_aten_op_delays (table, 1);
  g_assert_cmpuint (hp_bar_chart_get_n_categories (g_ptr_array_index (top, 0)), ==, 1);
  g_assert_cmpfloat (hp_bar_chart_get_value (g_ptr_array_index (top, 0), 0, 0), ==, 4);

  g_clear_pointer (&charts, g_ptr_array_unref);
  charts = hp_chart_adapt_aten_op_delays (empty, 15);
  g_assert_cmpuint (charts->len, ==, 1);
  g_assert_false (hp_chart_has_data (g_ptr_array_index (charts, 0)));
}

static void
test_adapt_missing_columns (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpTable) t = hp_table_new ("temporal_breakdown", "Broken");
  g_autoptr (HpTable) other = hp_table_new ("event_summary", "Not charted");
  g_autoptr (GPtrArray) charts = NULL;

  hp_table_add_column (t, "rank", HP_COLUMN_INT, NULL);
  charts = hp_chart_adapt_table (t, NULL);
  g_assert_cmpuint (charts->len, ==, 1);
  g_assert_false (hp_chart_has_data (g_ptr_array_index (charts, 0)));
  g_assert_true (hp_chart_layout (g_ptr_array_index (charts, 0), 300, 200, style)->no_data);

  g_clear_pointer (&charts, g_ptr_array_unref);
  charts = hp_chart_adapt_table (other, NULL);
  g_assert_cmpuint (charts->len, ==, 0);

  /* every adapter copes with an empty table of its own */
  {
    g_autoptr (HpTable) empty = hp_table_new (HP_LAUNCH_STATS_TABLE, "Empty");
    const struct
    {
      GPtrArray *(*adapt) (HpTable *);
      const char *table;
    } adapters[] = {
      { hp_chart_adapt_temporal_breakdown, HP_TEMPORAL_BREAKDOWN_TABLE },
      { hp_chart_adapt_kernel_type, HP_KERNEL_BREAKDOWN_TYPE_TABLE },
      { hp_chart_adapt_kernels, HP_KERNEL_BREAKDOWN_KERNELS_TABLE },
      { hp_chart_adapt_idle_time, HP_IDLE_TIME_TABLE },
      { hp_chart_adapt_comm_comp_overlap, HP_COMM_COMP_OVERLAP_TABLE },
      { hp_chart_adapt_queue_length, HP_QUEUE_LENGTH_SERIES_TABLE },
      { hp_chart_adapt_memory_bw, HP_MEMORY_BW_SERIES_TABLE },
      { hp_chart_adapt_user_annotations, HP_USER_ANNOTATION_GPU_TABLE },
    };

    for (guint i = 0; i < G_N_ELEMENTS (adapters); i++)
      {
        g_autoptr (HpTable) table = hp_table_new (adapters[i].table, "Empty");
        g_autoptr (GPtrArray) result = adapters[i].adapt (table);

        g_assert_cmpuint (result->len, >=, 1);
        for (guint c = 0; c < result->len; c++)
          g_assert_true (hp_chart_layout (g_ptr_array_index (result, c), 300, 200, style)->no_data);
      }
    g_clear_pointer (&charts, g_ptr_array_unref);
    charts = hp_chart_adapt_launch_stats (empty, 50, 100);
    g_assert_cmpuint (charts->len, >=, 1);
  }
}

static GPtrArray *
table_of (HpTrace    *trace,
          const char *analysis,
          const char *table_name)
{
  g_autoptr (GPtrArray) tables = hp_analysis_run (hp_analysis_find (analysis), trace, NULL, NULL, NULL);
  GPtrArray *one = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);

  g_assert_nonnull (tables);
  g_ptr_array_add (one, hp_table_ref (hp_analysis_result_find_table (tables, table_name)));
  g_assert_nonnull (one->pdata[0]);
  return one;
}

/* The two flavours draw the same charts, in the same number; a window's
 * are titled for a card (the kernel's short name, the type up front), and
 * the charts of a series weigh their subject's time in both */
static void
test_adapt_flavours (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  g_autoptr (GPtrArray) kernels = table_of (trace, HP_KERNEL_BREAKDOWN_ANALYSIS, HP_KERNEL_BREAKDOWN_KERNELS_TABLE);
  g_autoptr (GPtrArray) launches = table_of (trace, HP_LAUNCH_STATS_ANALYSIS, HP_LAUNCH_STATS_TABLE);
  g_autoptr (GPtrArray) hta = hp_chart_adapt_table (kernels->pdata[0], NULL);
  g_autoptr (GPtrArray) window = hp_chart_adapt_table_flavoured (kernels->pdata[0], NULL, HP_CHART_FLAVOUR_WINDOW, NULL);
  guint n_weighted = 0;

  g_assert_cmpuint (hta->len, >, 2);
  g_assert_cmpuint (window->len, ==, hta->len);
  for (guint i = 0; i < hta->len; i++)
    {
      HpChart *h = hta->pdata[i];
      HpChart *w = window->pdata[i];

      g_assert_cmpstr (hp_chart_get_name (h), ==, hp_chart_get_name (w));
      g_assert_true (isnan (hp_chart_get_weight (h)) == isnan (hp_chart_get_weight (w)));
      if (!isnan (hp_chart_get_weight (h)))
        g_assert_cmpfloat (hp_chart_get_weight (h), ==, hp_chart_get_weight (w));
      if (g_str_has_prefix (hp_chart_get_name (h), "kernel_duration_"))
        {
          /* HTA's title is "Kernel type "…" - <full name>"; the card's the name alone */
          g_assert_true (g_str_has_prefix (hp_chart_get_title (h), "Kernel type \""));
          g_assert_nonnull (strstr (hp_chart_get_title (h), hp_chart_get_title (w)));
          g_assert_cmpuint (strlen (hp_chart_get_title (w)), <, strlen (hp_chart_get_title (h)));
          g_assert_true (g_str_has_suffix (hp_chart_get_subtitle (w), "whiskers from min to max"));
          g_assert_cmpfloat (hp_chart_get_weight (w), >, 0);
          n_weighted++;
        }
      else
        {
          g_assert_true (isnan (hp_chart_get_weight (w)));
          g_assert_true (g_str_has_suffix (hp_chart_get_title (w), " kernels on each rank"));
        }
    }
  g_assert_cmpuint (n_weighted, >, 0);

  /* launches: HTA's order is rank by rank, a window's kind by kind */
  g_clear_pointer (&hta, g_ptr_array_unref);
  g_clear_pointer (&window, g_ptr_array_unref);
  hta = hp_chart_adapt_table (launches->pdata[0], NULL);
  window = hp_chart_adapt_table_flavoured (launches->pdata[0], NULL, HP_CHART_FLAVOUR_WINDOW, NULL);
  g_assert_cmpuint (hta->len, ==, 6);
  g_assert_cmpuint (window->len, ==, 6);
  g_assert_cmpstr (hp_chart_get_name (hta->pdata[1]), ==, "launch_runtime_outliers_rank0");
  g_assert_cmpstr (hp_chart_get_name (window->pdata[1]), ==, "launch_short_kernels_rank1");
  g_assert_cmpstr (hp_chart_get_title (window->pdata[1]), ==, "Short kernels on rank 1");
  g_assert_cmpstr (hp_chart_get_title (window->pdata[2]), ==, "Runtime outliers on rank 0");
  g_assert_cmpstr (hp_chart_get_subtitle (window->pdata[2]), ==, "Launch calls longer than 50 µs");
  g_assert_cmpstr (hp_chart_get_subtitle (window->pdata[5]), ==,
                   "Kernels that started more than 100 µs after their launch call");
}

/* An adapter handed another analysis' table reads none of its columns:
 * the mistake is reported, and the chart says it has no data */
static void
test_adapt_wrong_table (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (HpTable) kernels = hp_table_new (HP_KERNEL_BREAKDOWN_KERNELS_TABLE, "Kernels");
      g_autoptr (GPtrArray) charts = NULL;
      guint row;

      hp_table_add_column (kernels, "rank", HP_COLUMN_INT, NULL);
      hp_table_add_column (kernels, "stream", HP_COLUMN_INT, NULL);
      row = hp_table_append_row (kernels);
      hp_table_set_int (kernels, row, 0, 0);
      hp_table_set_int (kernels, row, 1, 7);
      charts = hp_chart_adapt_idle_time (kernels);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*CRITICAL*of table \"idle_time_breakdown\" read from table \"gpu_kernel_breakdown_kernels\"*");
}

/* Every table of every analysis gets its charts from the adapter the
 * registry gives its analysis; a chart of one rank knows its rank */
static void
test_adapt_registry (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  guint                    n;
  const HpAnalysis *const *analyses = hp_analysis_list (&n);
  guint                    n_charts = 0, n_rank_charts = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GPtrArray) tables = hp_analysis_run (analyses[i], trace, NULL, NULL, NULL);

      for (guint t = 0; t < tables->len; t++)
        {
          g_autoptr (GPtrArray) charts = hp_chart_adapt_table (tables->pdata[t], NULL);

          for (guint c = 0; c < charts->len; c++)
            {
              const char *name = hp_chart_get_name (charts->pdata[c]);
              const char *suffix = g_strrstr (name, "_rank");

              n_charts++;
              if (suffix != NULL)
                {
                  g_assert_cmpint (hp_chart_get_rank (charts->pdata[c]), ==, atoi (suffix + 5));
                  n_rank_charts++;
                }
              else
                g_assert_cmpint (hp_chart_get_rank (charts->pdata[c]), ==, -1);
            }
        }
    }
  /* HTA's figures for this trace: one per table kind, per-rank ones twice */
  g_assert_cmpuint (n_charts, >=, 15);
  g_assert_cmpuint (n_rank_charts, >=, 8);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/charts/style/fixed-colors", test_style_fixed_colors);
  g_test_add_func ("/ui/charts/chart/handle", test_chart_handle);
  g_test_add_func ("/ui/charts/adapters/wrong-table", test_adapt_wrong_table);
  g_test_add_func ("/ui/charts/adapters/flavours", test_adapt_flavours);
  g_test_add_func ("/ui/charts/bar/stacked-ratio", test_bar_stacked_ratio);
  g_test_add_func ("/ui/charts/bar/grouped-layout", test_bar_grouped_layout);
  g_test_add_func ("/ui/charts/bar/horizontal-long-names", test_bar_horizontal_long_names);
  g_test_add_func ("/ui/charts/bar/error-bars", test_bar_error_bars);
  g_test_add_func ("/ui/charts/bar/missing-category", test_bar_missing_category);
  g_test_add_func ("/ui/charts/pie/shares", test_pie_shares);
  g_test_add_func ("/ui/charts/pie/grid", test_pie_grid);
  g_test_add_func ("/ui/charts/pie/empty-reason", test_pie_empty_reason);
  g_test_add_func ("/ui/charts/series/rename", test_series_rename);
  g_test_add_func ("/ui/charts/series/baseline-label", test_baseline_label);
  g_test_add_func ("/ui/charts/histogram/bins", test_histogram_bins);
  g_test_add_func ("/ui/charts/histogram/render", test_histogram_render);
  g_test_add_func ("/ui/charts/line/spike-survives-decimation", test_line_spike_survives_decimation);
  g_test_add_func ("/ui/charts/line/step-and-hit", test_line_step_and_hit);
  g_test_add_func ("/ui/charts/heat-map/cells", test_heat_map);
  g_test_add_func ("/ui/charts/no-data", test_no_data);
  g_test_add_func ("/ui/charts/tiny-sizes", test_tiny_sizes);
  g_test_add_func ("/ui/charts/labels-do-not-overlap", test_labels_do_not_overlap);
  g_test_add_func ("/ui/charts/adapters/temporal", test_adapt_temporal);
  g_test_add_func ("/ui/charts/adapters/kernel-type", test_adapt_kernel_type);
  g_test_add_func ("/ui/charts/adapters/kernels", test_adapt_kernels);
  g_test_add_func ("/ui/charts/adapters/idle-time", test_adapt_idle_time);
  g_test_add_func ("/ui/charts/adapters/overlap", test_adapt_overlap);
  g_test_add_func ("/ui/charts/adapters/launch-stats", test_adapt_launch_stats);
  g_test_add_func ("/ui/charts/adapters/counters", test_adapt_counters);
  g_test_add_func ("/ui/charts/adapters/user-annotations", test_adapt_user_annotations);
  g_test_add_func ("/ui/charts/adapters/aten-op-delays", test_adapt_aten_op_delays);
  g_test_add_func ("/ui/charts/adapters/missing-columns", test_adapt_missing_columns);
  g_test_add_func ("/ui/charts/adapters/registry", test_adapt_registry);

  return g_test_run ();
}
