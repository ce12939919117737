/* test-chart-labels.c — what charts show must stay readable and true: shares
 * that stack to 100%, legend labels that stay apart when space is short.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-charts.h"
#include "hp-test-utils.h"

static void
paint (HpChart *chart,
       int      width,
       int      height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t         *cr = cairo_create (surface);
  HpChartStyle    *style = hp_chart_style_new_light ();

  hp_chart_paint (chart, cr, width, height, style);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  hp_chart_style_free (style);
}

/* Stream 7 of hta_trace_diff_control: HTA's ratios, rounded to 2 decimals,
 * sum to 1.01 (0.69 + 0.10 + 0.22). The stacked bar is the exact share of
 * idle_time and the axis ends at 100%. */
static void
test_idle_share_stacks_to_100 (void)
{
  g_autoptr (HpTable) table = hp_test_table_from_csv ("idle_time_breakdown", "Idle time",
                                                      "rank:i;stream:i;idle_category:s;idle_time:d:us;"
                                                      "idle_time_ratio:d",
                                                      "3,7,host_wait,102154.0,0.69\n"
                                                      "3,7,kernel_wait,14226.0,0.1\n"
                                                      "3,7,other,32183.0,0.22\n"
                                                      "3,20,host_wait,346996.0,0.98\n"
                                                      "3,20,kernel_wait,621.0,0.0\n"
                                                      "3,20,other,7470.0,0.02\n");
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  HpChart           *chart;
  const HpBarLayout *bl;
  double             total = 0;

  g_assert_cmpuint (charts->len, ==, 1);
  chart = charts->pdata[0];
  g_assert_cmpuint (hp_bar_chart_get_n_categories (chart), ==, 2);
  g_assert_cmpuint (hp_bar_chart_get_n_series (chart), ==, 3);
  for (guint s = 0; s < 3; s++)
    total += hp_bar_chart_get_value (chart, s, 0);
  g_assert_cmpfloat_with_epsilon (total, 100.0, 1e-9);
  /* 102154 / (102154 + 14226 + 32183) */
  g_assert_cmpfloat_with_epsilon (hp_bar_chart_get_value (chart, 0, 0), 68.76140, 1e-4);

  paint (chart, 960, 540);
  bl = hp_bar_chart_get_layout (chart);
  g_assert_cmpfloat (bl->value_ticks.max, ==, 100);
}

/* HTA's seven kernel types in a narrow chart: the legend's labels do not
 * fit, and the texts shown must still all differ; the entries keep the
 * full names (for the tooltip). */
static void
test_legend_labels_stay_apart (void)
{
  static const char *const types[] = {
    "COMMUNICATION",
    "COMPUTATION",
    "COMPUTATION overlapping COMMUNICATION",
    "MEMORY",
    "COMMUNICATION overlapping MEMORY",
    "COMPUTATION overlapping MEMORY",
    "COMPUTATION overlapping COMMUNICATION overlapping MEMORY",
  };
  g_autoptr (HpTable) table = hp_test_table_from_csv ("gpu_kernel_breakdown_kernel_type", "Kernel types",
                                                      "kernel_type:s;sum:i:us;percentage:d:%",
                                                      "COMMUNICATION,305584,55.5\n"
                                                      "COMPUTATION,185023,33.6\n"
                                                      "COMPUTATION overlapping COMMUNICATION,56747,10.3\n"
                                                      "MEMORY,2288,0.4\n"
                                                      "COMMUNICATION overlapping MEMORY,1011,0.2\n"
                                                      "COMPUTATION overlapping MEMORY,18,0.0\n"
                                                      "COMPUTATION overlapping COMMUNICATION overlapping "
                                                      "MEMORY,12,0.0\n");
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  g_autoptr (GHashTable) shown = g_hash_table_new (g_str_hash, g_str_equal);
  const HpChartLayout *layout;
  HpChart             *chart;
  guint                n_legend_texts = 0;
  gboolean             any_short = FALSE;

  g_assert_cmpuint (charts->len, >=, 1);
  chart = charts->pdata[0];
  paint (chart, 520, 400);
  layout = hp_chart_get_layout (chart);
  /* the pie leaves out the two 0.0% slices, as HTA's does */
  g_assert_cmpuint (layout->legend->len, ==, 5);
  for (guint i = 0; i < layout->legend->len; i++)
    g_assert_cmpstr (g_array_index (layout->legend, HpChartLegendEntry, i).label, ==, types[i]);

  for (guint i = 0; i < layout->texts->len; i++)
    {
      const HpChartText *text = &g_array_index (layout->texts, HpChartText, i);
      g_autofree char   *visible = NULL;

      if (text->role != HP_CHART_TEXT_LEGEND || g_str_has_suffix (text->text, "%"))
        continue;
      n_legend_texts++;
      any_short |= strstr (text->text, "∩") != NULL;
      /* what an ellipsised text shows: its start, then "…"; compare the
       * first 12 characters, about what fits here */
      visible = text->truncated ? g_utf8_substring (text->text, 0, 12) : g_strdup (text->text);
      g_assert_false (g_hash_table_contains (shown, visible));
      g_hash_table_add (shown, g_steal_pointer (&visible));
    }
  g_hash_table_foreach (shown, (GHFunc)g_free, NULL);
  g_assert_cmpuint (n_legend_texts, ==, 5);
  g_assert_true (any_short);
}

/* The comparison's kernel types per run, a horizontal bar chart whose
 * category labels do not fit: the shown texts still all differ, and the
 * label hits keep the full names for the tooltip */
static void
test_category_labels_stay_apart (void)
{
  static const char *const types[] = {
    "COMMUNICATION",
    "COMPUTATION",
    "COMPUTATION overlapping COMMUNICATION",
    "MEMORY",
    "COMMUNICATION overlapping MEMORY",
    "COMPUTATION overlapping MEMORY",
    "COMPUTATION overlapping COMMUNICATION overlapping MEMORY",
  };
  g_autoptr (HpChart) chart = hp_bar_chart_new ("compare_kernel_type", "Kernel types per run");
  g_autoptr (GHashTable) shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const HpChartLayout *layout;
  guint                n_labels = 0, n_hits = 0;
  gboolean             any_short = FALSE;

  hp_bar_chart_set_orientation (chart, HP_BAR_ORIENTATION_HORIZONTAL);
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    hp_bar_chart_add_category (chart, types[i]);
  for (guint s = 0; s < 2; s++)
    {
      double values[G_N_ELEMENTS (types)];

      for (guint i = 0; i < G_N_ELEMENTS (types); i++)
        values[i] = 50.0 / (i + 1 + s);
      hp_bar_chart_add_series (chart, s == 0 ? "baseline" : "ddp", values);
    }
  paint (chart, 620, 480);
  layout = hp_chart_get_layout (chart);
  for (guint i = 0; i < layout->texts->len; i++)
    {
      const HpChartText *text = &g_array_index (layout->texts, HpChartText, i);
      g_autofree char   *visible = NULL;

      if (text->role != HP_CHART_TEXT_CATEGORY)
        continue;
      n_labels++;
      any_short |= strstr (text->text, "∩") != NULL;
      visible = text->truncated ? g_utf8_substring (text->text, 0, 12) : g_strdup (text->text);
      g_assert_false (g_hash_table_contains (shown, visible));
      g_hash_table_add (shown, g_steal_pointer (&visible));
    }
  g_assert_cmpuint (n_labels, ==, G_N_ELEMENTS (types));
  g_assert_true (any_short);
  for (guint i = 0; i < layout->texts->len; i++)
    {
      const HpChartText *text = &g_array_index (layout->texts, HpChartText, i);
      HpChartHit         hit;

      if (text->role != HP_CHART_TEXT_CATEGORY)
        continue;
      g_assert_true (hp_chart_hit_test (chart, text->rect.x + text->rect.width / 2,
                                        text->rect.y + text->rect.height / 2, &hit));
      g_assert_cmpint (hit.kind, ==, HP_CHART_HIT_LABEL);
      g_assert_cmpint (hit.item, >=, 0);
      g_assert_cmpstr (hit.text, ==, types[hit.item]);
      n_hits++;
    }
  g_assert_cmpuint (n_hits, ==, G_N_ELEMENTS (types));
}

/* Long kernel names that share their start, in a narrow chart: the ones
 * an end ellipsis would show alike are cut in the middle instead; a name
 * that starts differently keeps its end ellipsis. */
static void
test_legend_same_start_cut_in_middle (void)
{
  static const char *const names[] = {
    "void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_128x128_32x3_nn_align4>(Params)",
    "void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_64x64_64x5_tn_align1>(Params)",
    "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)",
  };
  g_autoptr (HpChart) chart = hp_bar_chart_new ("kernels", "Kernels");
  const HpChartLayout *layout;
  guint                n_middle = 0, n_truncated = 0;

  hp_bar_chart_add_category (chart, "0");
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      double value = 10.0 * (i + 1);

      hp_bar_chart_add_series (chart, names[i], &value);
    }
  paint (chart, 360, 300);
  layout = hp_chart_get_layout (chart);
  for (guint i = 0; i < layout->texts->len; i++)
    {
      const HpChartText *text = &g_array_index (layout->texts, HpChartText, i);

      if (text->role != HP_CHART_TEXT_LEGEND)
        continue;
      n_truncated += text->truncated;
      if (text->ellipsize_middle)
        {
          g_assert_true (text->truncated);
          g_assert_true (g_str_has_prefix (text->text, "void cutlass::Kernel<"));
          n_middle++;
        }
    }
  g_assert_cmpuint (n_truncated, ==, 3);
  g_assert_cmpuint (n_middle, ==, 2);
}

/* A one-rank trace: one chart holds every annotation of the rank (its mean,
 * whiskers from min to max), not one single-bar chart per annotation. */
static void
test_one_rank_annotations_in_one_chart (void)
{
  g_autoptr (HpTable) table = hp_test_table_from_csv ("user_annotation_breakdown_gpu", "Annotations",
                                                      "name:s;sum (us):d:us;max (us):d:us;min (us):d:us;"
                                                      "stddev:d:us;mean (us):d:us;rank:i",
                                                      "forward,300,120,80,20,100,5\n"
                                                      "backward,500,260,240,10,250,5\n"
                                                      "optimizer,40,40,40,0,40,5\n"
                                                      "others,10,10,10,0,10,5\n");
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  g_autoptr (HpTable) two_ranks = hp_test_table_from_csv ("user_annotation_breakdown_gpu", "Annotations",
                                                          "name:s;sum (us):d:us;max (us):d:us;min (us):d:us;"
                                                          "stddev:d:us;mean (us):d:us;rank:i",
                                                          "forward,300,120,80,20,100,0\n"
                                                          "backward,500,260,240,10,250,0\n"
                                                          "forward,310,130,90,20,110,1\n");
  g_autoptr (GPtrArray) per_name = hp_chart_adapt_table (two_ranks, NULL);
  HpChart *chart;

  /* the pies, then the rank's chart */
  g_assert_cmpuint (charts->len, ==, 2);
  chart = charts->pdata[1];
  g_assert_cmpstr (hp_chart_get_name (chart), ==, "user_annotation_gpu_rank5");
  g_assert_cmpstr (hp_chart_get_title (chart), ==, "User annotations on rank 5");
  g_assert_cmpuint (hp_bar_chart_get_n_categories (chart), ==, 3);
  g_assert_cmpuint (hp_bar_chart_get_n_series (chart), ==, 1);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 0, 0), ==, 100);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 0, 1), ==, 250);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 0, 2), ==, 40);

  /* several ranks: a chart per annotation, each with a bar per rank, as HTA */
  g_assert_cmpuint (per_name->len, ==, 3);
  g_assert_cmpstr (hp_chart_get_name (per_name->pdata[1]), ==, "user_annotation_gpu_0");
  g_assert_cmpuint (hp_bar_chart_get_n_categories (per_name->pdata[1]), ==, 2);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/charts/idle-time/share-stacks-to-100", test_idle_share_stacks_to_100);
  g_test_add_func ("/ui/charts/legend/labels-stay-apart", test_legend_labels_stay_apart);

  g_test_add_func ("/ui/charts/bar/category-labels-stay-apart", test_category_labels_stay_apart);
  g_test_add_func ("/ui/charts/legend/same-start-cut-in-middle", test_legend_same_start_cut_in_middle);
  g_test_add_func ("/ui/charts/user-annotations/one-rank-in-one-chart", test_one_rank_annotations_in_one_chart);

  return g_test_run ();
}
