/* hp-chart-gallery.c — renders every chart kind from fixed, realistic data for people to inspect.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>

#include "hp-charts.h"
#include "hp-test-utils.h"

#define WIDTH 960
#define HEIGHT 540

/* ---- golden CSVs as tables ---- */

static gboolean
parse_int (const char *s,
           gint64     *value)
{
  char *end = NULL;

  if (*s == '\0')
    return FALSE;
  *value = g_ascii_strtoll (s, &end, 10);
  return end != NULL && *end == '\0';
}

static gboolean
parse_double (const char *s,
              double     *value)
{
  char *end = NULL;

  if (*s == '\0')
    return FALSE;
  *value = g_ascii_strtod (s, &end);
  return end != NULL && *end == '\0';
}

/* a CSV file as an HpTable, guessing each column's type from its cells */
static HpTable *
table_from_csv (const char *dir,
                const char *file,
                const char *name)
{
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr (GPtrArray) rows = NULL;
  char   **header;
  guint    n_cols;
  HpTable *table;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_printerr ("%s: missing, skipped\n", path);
      return NULL;
    }

  rows = hp_test_read_csv (path);
  header = g_ptr_array_index (rows, 0);
  n_cols = g_strv_length (header);
  table = hp_table_new (name, name);

  for (guint c = 0; c < n_cols; c++)
    {
      gboolean all_int = TRUE;
      gboolean all_double = TRUE;

      for (guint r = 1; r < rows->len; r++)
        {
          char **row = g_ptr_array_index (rows, r);
          gint64 i;
          double d;

          if (c >= g_strv_length (row) || row[c][0] == '\0')
            continue;
          if (!parse_int (row[c], &i))
            all_int = FALSE;
          if (!parse_double (row[c], &d))
            all_double = FALSE;
        }
      hp_table_add_column (table, header[c],
                           all_int ? HP_COLUMN_INT : all_double ? HP_COLUMN_DOUBLE
                                                                : HP_COLUMN_STRING,
                           NULL);
    }

  for (guint r = 1; r < rows->len; r++)
    {
      char **row = g_ptr_array_index (rows, r);
      guint  t = hp_table_append_row (table);

      for (guint c = 0; c < n_cols && c < g_strv_length (row); c++)
        {
          gint64 i = 0;
          double d = 0;

          if (row[c][0] == '\0')
            continue;
          switch (hp_table_get_column_type (table, c))
            {
            case HP_COLUMN_INT:
              parse_int (row[c], &i);
              hp_table_set_int (table, t, c, i);
              break;
            case HP_COLUMN_DOUBLE:
              parse_double (row[c], &d);
              hp_table_set_double (table, t, c, d);
              break;
            case HP_COLUMN_STRING:
            default:
              hp_table_set_string (table, t, c, row[c]);
              break;
            }
        }
    }

  return table;
}

static void
add_adapted (GPtrArray  *charts,
             const char *dir,
             const char *file,
             const char *table_name,
             guint       max_charts)
{
  g_autoptr (HpTable) table = table_from_csv (dir, file, table_name);
  g_autoptr (GPtrArray) adapted = NULL;

  if (table == NULL)
    return;

  adapted = hp_chart_adapt_table (table, NULL);
  for (guint i = 0; i < adapted->len && i < max_charts; i++)
    g_ptr_array_add (charts, hp_chart_ref (g_ptr_array_index (adapted, i)));
}

/* ---- synthetic charts for what the adapters do not draw ---- */

static HpChart *
make_grouped_bars (void)
{
  static const char *const ops[] = {
    "aten::linear",
    "aten::addmm",
    "aten::copy_",
    "aten::mul",
    "aten::add_",
    "aten::cat",
  };
  static const double control[] = { 480, 412, 960, 655, 214, 88 };
  static const double test[] = { 512, 398, 1210, 640, 230, 140 };
  HpChart            *chart = hp_bar_chart_new ("ops_count_comparison", "Ops Count Comparison");
  double              diff[G_N_ELEMENTS (ops)];

  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    {
      hp_bar_chart_add_category (chart, ops[i]);
      diff[i] = test[i] - control[i];
    }
  hp_bar_chart_add_series (chart, "Control", control);
  hp_bar_chart_add_series (chart, "Test", test);
  hp_bar_chart_add_series (chart, "Difference", diff);
  hp_chart_set_axis_labels (chart, "Operator", "Count");
  return chart;
}

static HpChart *
make_horizontal_bars (void)
{
  static const char *const kernels[] = {
    "ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)",
    "void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_128x256_32x3_nt_align4>(cutlass_80_tensorop_s1688gemm_128x256_32x3_nt_align4::Params)",
    "ampere_sgemm_128x64_nn",
    "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3>)",
    "Memcpy DtoD (Device -> Device)",
    "void at::native::(anonymous namespace)::indexSelectLargeIndex<float, long, unsigned int, 2, 2, -2, true>(at::cuda::detail::TensorInfo<float, unsigned int>)",
    "ampere_sgemm_128x128_tn",
  };
  static const double      totals[] = { 195327, 24880, 1956, 14210, 2288, 8890, 1328 };
  static const char *const types[] = {
    "COMMUNICATION",
    "COMPUTATION",
    "COMPUTATION",
    "COMPUTATION",
    "MEMORY",
    "COMPUTATION",
    "COMPUTATION",
  };
  HpChart *chart = hp_bar_chart_new ("top_kernels", "Top kernels by total time on rank 0");

  for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
    hp_bar_chart_add_category (chart, kernels[i]);
  hp_bar_chart_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  hp_bar_chart_set_show_values (chart, TRUE);
  hp_chart_set_axis_labels (chart, "Kernel", "Total time");
  hp_chart_set_subtitle (chart, "Long kernel names are ellipsised; hover shows the full name");

  /* one series per kernel type, so each bar keeps its class colour */
  for (guint t = 0; t < 3; t++)
    {
      const char *type = t == 0 ? "COMPUTATION" : t == 1 ? "COMMUNICATION"
                                                         : "MEMORY";
      guint       s = hp_bar_chart_add_series (chart, type, NULL);

      for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
        if (strcmp (types[i], type) == 0)
          hp_bar_chart_set_value (chart, s, i, totals[i]);
    }
  hp_bar_chart_set_mode (chart, HP_BAR_STACKED);
  return chart;
}

static HpChart *
make_heat_map (void)
{
  HpChart *chart = hp_heat_map_new ("step_time_heat_map", "Iteration time per rank and step");
  GRand   *rand = g_rand_new_with_seed (42);

  hp_heat_map_set_size (chart, 8, 16);
  hp_heat_map_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  hp_chart_set_axis_labels (chart, "Step", "Rank");
  for (guint r = 0; r < 8; r++)
    {
      g_autofree char *label = g_strdup_printf ("%u", r);

      hp_heat_map_set_row_label (chart, r, label);
    }
  for (guint c = 0; c < 16; c++)
    {
      g_autofree char *label = g_strdup_printf ("%u", c);

      hp_heat_map_set_column_label (chart, c, label);
    }
  for (guint r = 0; r < 8; r++)
    for (guint c = 0; c < 16; c++)
      {
        /* rank 5 straggles from step 9 on; step 0 is warm-up */
        double v = 148000 + g_rand_double_range (rand, -6000, 6000);

        if (c == 0)
          v += 90000;
        if (r == 5 && c >= 9)
          v += 52000;
        hp_heat_map_set_value (chart, r, c, v);
      }
  hp_heat_map_set_value (chart, 2, 7, NAN);
  g_rand_free (rand);
  return chart;
}

static HpChart *
make_small_heat_map (void)
{
  HpChart *chart = hp_heat_map_new ("overlap_heat_map", "Computation-communication overlap per rank and step");

  hp_heat_map_set_size (chart, 4, 6);
  hp_heat_map_set_value_format (chart, HP_AXIS_FORMAT_PERCENT);
  hp_heat_map_set_range (chart, 0, 100);
  hp_heat_map_set_show_values (chart, TRUE);
  hp_chart_set_axis_labels (chart, "Step", "Rank");
  for (guint r = 0; r < 4; r++)
    {
      g_autofree char *label = g_strdup_printf ("%u", r);

      hp_heat_map_set_row_label (chart, r, label);
      for (guint c = 0; c < 6; c++)
        hp_heat_map_set_value (chart, r, c, 8 + 13 * r + 4.5 * c + (r * c % 3) * 7);
    }
  for (guint c = 0; c < 6; c++)
    {
      g_autofree char *label = g_strdup_printf ("ProfilerStep#%u", 10 + c);

      hp_heat_map_set_column_label (chart, c, label);
    }
  return chart;
}

static HpChart *
make_big_line (void)
{
  const gsize        n = 1000000;
  g_autofree double *x = g_new (double, n);
  g_autofree double *y = g_new (double, n);
  g_autofree double *y2 = g_new (double, n);
  HpChart           *chart = hp_line_chart_new ("million_points", "One million points per series, decimated per pixel");
  GRand             *rand = g_rand_new_with_seed (7);

  for (gsize i = 0; i < n; i++)
    {
      x[i] = i * 0.6;
      y[i] = 40 + 25 * sin (i / 40000.0) + g_rand_double_range (rand, -4, 4);
      y2[i] = 18 + 6 * cos (i / 90000.0) + g_rand_double_range (rand, -2, 2);
    }
  /* single-sample spikes must survive decimation */
  y[333333] = 180;
  y2[777777] = 120;

  hp_line_chart_add_series (chart, "Stream 7", x, y, n);
  hp_line_chart_add_series (chart, "Stream 23", x, y2, n);
  hp_chart_set_axis_labels (chart, "Time", "Operations queued");
  hp_chart_set_subtitle (chart, "Spikes of a single sample at 200 ms and 467 ms stay visible");
  g_rand_free (rand);
  return chart;
}

static HpChart *
make_fixed_width_histogram (void)
{
  g_autofree double *values = g_new (double, 5000);
  HpChart           *chart = hp_histogram_new ("kernel_duration_histogram", "Kernel durations (bins of 5 us)");
  GRand             *rand = g_rand_new_with_seed (3);

  for (guint i = 0; i < 5000; i++)
    {
      /* two populations: short elementwise kernels and GEMMs */
      double u = g_rand_double (rand);
      double v = g_rand_double (rand);
      double normal = sqrt (-2 * log (u + 1e-12)) * cos (2 * G_PI * v);

      values[i] = i % 4 == 0 ? 120 + 18 * normal : 22 + 6 * normal;
      values[i] = MAX (values[i], 1);
    }
  hp_histogram_set_values (chart, values, 5000);
  hp_histogram_set_bin_width (chart, 5);
  hp_histogram_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  hp_histogram_set_color_key (chart, "COMPUTATION");
  hp_chart_set_axis_labels (chart, "Duration", "Kernels");
  g_rand_free (rand);
  return chart;
}

static HpChart *
make_no_data (void)
{
  HpChart     *chart = hp_pie_chart_new ("no_data", "Kernel Type Percentage Across All Ranks");
  const double nan = NAN;

  hp_pie_chart_add_slice (chart, 0, "COMPUTATION", nan);
  hp_chart_set_subtitle (chart, "Every value is NaN");
  return chart;
}

/* ---- output ---- */

static gboolean export(HpChart            *chart,
                       const char         *dir,
                       const char         *suffix,
                       const char         *ext,
                       double              scale,
                       const HpChartStyle *style)
{
  g_autofree char *file = g_strdup_printf ("%s%s.%s", hp_chart_get_name (chart), suffix, ext);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr (GError) error = NULL;

  if (!hp_chart_export (chart, path, WIDTH, HEIGHT, scale, style, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }

  g_print ("%s\n", path);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  const char *dir = argc > 1 ? argv[1] : "chart-gallery";
  const char *golden = argc > 2 ? argv[2] : HP_GALLERY_GOLDEN_DIR;
  g_autoptr (GPtrArray) charts = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_chart_unref);
  g_autoptr (HpChartStyle) light = hp_chart_style_new_light ();
  g_autoptr (HpChartStyle) dark = hp_chart_style_new_dark ();
  gboolean ok = TRUE;

  if (argc > 1 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      g_print ("Usage: %s [OUTDIR [GOLDEN_DIR]]\n"
               "Writes every chart kind as PNG and SVG, plus dark and 2x PNGs.\n",
               argv[0]);
      return 0;
    }

  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      g_printerr ("%s: cannot create the folder\n", dir);
      return 1;
    }

  add_adapted (charts, golden, "temporal_breakdown.csv", "temporal_breakdown", 1);
  add_adapted (charts, golden, "gpu_kernel_breakdown_kernel_type.csv", "gpu_kernel_breakdown_kernel_type", 1);
  add_adapted (charts, golden, "gpu_kernel_breakdown_kernels.csv", "gpu_kernel_breakdown_kernels", 6);
  add_adapted (charts, golden, "idle_time_breakdown.csv", "idle_time_breakdown", 2);
  add_adapted (charts, golden, "comm_comp_overlap.csv", "comm_comp_overlap", 1);
  add_adapted (charts, golden, "cuda_kernel_launch_stats.csv", "cuda_kernel_launch_stats", 6);
  add_adapted (charts, golden, "queue_length_time_series.csv", "queue_length_time_series", 2);
  add_adapted (charts, golden, "memory_bw_time_series.csv", "memory_bw_time_series", 2);
  add_adapted (charts, golden, "user_annotation_breakdown_cpu.csv", "user_annotation_breakdown_cpu", 3);

  g_ptr_array_add (charts, make_grouped_bars ());
  g_ptr_array_add (charts, make_horizontal_bars ());
  g_ptr_array_add (charts, make_heat_map ());
  g_ptr_array_add (charts, make_small_heat_map ());
  g_ptr_array_add (charts, make_big_line ());
  g_ptr_array_add (charts, make_fixed_width_histogram ());
  g_ptr_array_add (charts, make_no_data ());

  for (guint i = 0; i < charts->len; i++)
    {
      HpChart *chart = g_ptr_array_index (charts, i);

      ok &= export(chart, dir, "", "png", 1.0, light);
      ok &= export(chart, dir, "", "svg", 1.0, light);
      ok &= export(chart, dir, "-dark", "png", 1.0, dark);
      ok &= export(chart, dir, "@2x", "png", 2.0, light);
    }

  return ok ? 0 : 1;
}
