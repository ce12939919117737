/* test-export.c — tests of writing charts to PNG, SVG and PDF files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "hp-charts.h"

typedef struct
{
  char         *dir;
  HpChart      *chart;
  HpChartStyle *style;
} Fixture;

static void
fixture_setup (Fixture      *f,
               gconstpointer data)
{
  const double values[] = { 53.56, 17.71, 28.74 };
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("hotpath-export-XXXXXX", &error);
  g_assert_no_error (error);

  /* markup characters in the title must survive SVG */
  f->chart = hp_bar_chart_new ("temporal_breakdown", "Temporal breakdown <rank 0 & 1>");
  hp_bar_chart_add_category (f->chart, "Idle");
  hp_bar_chart_add_category (f->chart, "Compute");
  hp_bar_chart_add_category (f->chart, "Non-compute");
  hp_bar_chart_add_series (f->chart, "Share", values);
  hp_bar_chart_set_value_format (f->chart, HP_AXIS_FORMAT_PERCENT);
  f->style = hp_chart_style_new_light ();
}

static void
fixture_teardown (Fixture      *f,
                  gconstpointer data)
{
  g_autoptr (GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
  hp_chart_unref (f->chart);
  hp_chart_style_free (f->style);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* the names in @dir, sorted, joined by spaces */
static char *
list_dir (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, (gpointer)name);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **)names->pdata);
}

static void
assert_png_size (const char *path,
                 int         width,
                 int         height)
{
  g_autofree char *data = NULL;
  gsize            len = 0;
  cairo_surface_t *png;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_cmpuint (len, >, 8);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);

  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, height);
  cairo_surface_destroy (png);
}

static void
test_png (Fixture      *f,
          gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "chart.png", NULL);
  g_autofree char *upper = g_build_filename (f->dir, "CHART2.PNG", NULL);
  g_autofree char *listing = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (hp_chart_export (f->chart, path, 640, 400, 1.0, f->style, &error));
  g_assert_no_error (error);
  assert_png_size (path, 640, 400);

  /* HiDPI: the same chart at twice the pixels; overwriting is fine */
  g_assert_true (hp_chart_export (f->chart, path, 640, 400, 2.0, f->style, &error));
  g_assert_no_error (error);
  assert_png_size (path, 1280, 800);

  /* fractional scales round up; the extension is case-insensitive */
  g_assert_true (hp_chart_export (f->chart, upper, 300, 201, 1.5, f->style, &error));
  g_assert_no_error (error);
  assert_png_size (upper, 450, 302);

  /* no temporary files are left behind */
  listing = list_dir (f->dir);
  g_assert_cmpstr (listing, ==, "CHART2.PNG chart.png");
}

typedef struct
{
  gboolean in_title;
  GString *title;
  char    *root;
  char    *width;
} SvgState;

static void
svg_start (GMarkupParseContext *context,
           const char          *element,
           const char         **names,
           const char         **values,
           gpointer             user_data,
           GError             **error)
{
  SvgState *state = user_data;

  if (state->root == NULL)
    {
      state->root = g_strdup (element);
      for (guint i = 0; names[i] != NULL; i++)
        if (strcmp (names[i], "width") == 0)
          state->width = g_strdup (values[i]);
    }
  if (strcmp (element, "title") == 0)
    state->in_title = TRUE;
}

static void
svg_end (GMarkupParseContext *context,
         const char          *element,
         gpointer             user_data,
         GError             **error)
{
  SvgState *state = user_data;

  if (strcmp (element, "title") == 0)
    state->in_title = FALSE;
}

static void
svg_text (GMarkupParseContext *context,
          const char          *text,
          gsize                len,
          gpointer             user_data,
          GError             **error)
{
  SvgState *state = user_data;

  if (state->in_title)
    g_string_append_len (state->title, text, len);
}

static void
test_svg (Fixture      *f,
          gconstpointer data)
{
  static const GMarkupParser parser = { svg_start, svg_end, svg_text, NULL, NULL };
  g_autofree char           *path = g_build_filename (f->dir, "chart.svg", NULL);
  g_autofree char           *text = NULL;
  g_autoptr (GError) error = NULL;
  GMarkupParseContext *context;
  SvgState             state = { FALSE, g_string_new (NULL), NULL, NULL };
  gsize                len = 0;

  g_assert_true (hp_chart_export (f->chart, path, 640, 400, 2.0, f->style, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));

  context = g_markup_parse_context_new (&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &state, NULL);
  g_assert_true (g_markup_parse_context_parse (context, text, len, &error));
  g_assert_no_error (error);
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_markup_parse_context_free (context);

  g_assert_cmpstr (state.root, ==, "svg");
  g_assert_cmpstr (state.width, ==, "640px");
  g_assert_cmpstr (state.title->str, ==, "Temporal breakdown <rank 0 & 1>");

  g_string_free (state.title, TRUE);
  g_free (state.root);
  g_free (state.width);
}

static void
test_pdf (Fixture      *f,
          gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "chart.Pdf", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  gsize len = 0;

  g_assert_true (hp_chart_export (f->chart, path, 640, 400, 1.0, f->style, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  g_assert_cmpuint (len, >, 5);
  g_assert_cmpmem (text, 5, "%PDF-", 5);
}

static void
test_render_bytes (Fixture      *f,
                   gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  HpExportFormat format;

  g_assert_true (hp_export_format_from_path ("a/b/c.SvG", &format));
  g_assert_cmpint (format, ==, HP_EXPORT_FORMAT_SVG);
  g_assert_false (hp_export_format_from_path ("c.png.txt", &format));
  g_assert_false (hp_export_format_from_path ("png", &format));

  bytes = hp_chart_render (f->chart, HP_EXPORT_FORMAT_PNG, 100, 50, 1.0, f->style, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), 4, "\x89PNG", 4);
}

static void
test_unknown_extension (Fixture      *f,
                        gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "chart.jpeg", NULL);
  g_autofree char *listing = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_false (hp_chart_export (f->chart, path, 640, 400, 1.0, f->style, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "chart.jpeg"));
  g_clear_error (&error);

  g_assert_false (hp_chart_export (f->chart, f->dir, 640, 400, 1.0, f->style, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);

  listing = list_dir (f->dir);
  g_assert_cmpstr (listing, ==, "");
}

static void
test_write_failure (Fixture      *f,
                    gconstpointer data)
{
  g_autofree char *missing = g_build_filename (f->dir, "no-such-folder", "chart.svg", NULL);
  g_autofree char *blocked = g_build_filename (f->dir, "taken.png", NULL);
  g_autofree char *listing = NULL;
  g_autoptr (GError) error = NULL;

  /* a folder that does not exist */
  g_assert_false (hp_chart_export (f->chart, missing, 640, 400, 1.0, f->style, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, missing));
  g_clear_error (&error);

  /* a folder where the file should go: refused before anything is
   * written, and no temporary file is left */
  g_assert_cmpint (g_mkdir (blocked, 0755), ==, 0);
  g_assert_false (hp_chart_export (f->chart, blocked, 640, 400, 1.0, f->style, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_true (g_str_has_prefix (error->message, blocked));

  listing = list_dir (f->dir);
  g_assert_cmpstr (listing, ==, "taken.png");
  g_rmdir (blocked);
}

static void
test_no_data_exports (Fixture      *f,
                      gconstpointer data)
{
  g_autoptr (HpChart) empty = hp_pie_chart_new ("empty", "Nothing");
  g_autoptr (GError) error = NULL;
  const char *const exts[] = { "png", "svg", "pdf" };

  for (guint i = 0; i < G_N_ELEMENTS (exts); i++)
    {
      g_autofree char *name = g_strdup_printf ("empty.%s", exts[i]);
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      g_assert_true (hp_chart_export (empty, path, 200, 100, 1.0, f->style, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/ui/charts/export/png", Fixture, NULL, fixture_setup, test_png, fixture_teardown);
  g_test_add ("/ui/charts/export/svg", Fixture, NULL, fixture_setup, test_svg, fixture_teardown);
  g_test_add ("/ui/charts/export/pdf", Fixture, NULL, fixture_setup, test_pdf, fixture_teardown);
  g_test_add ("/ui/charts/export/render-bytes", Fixture, NULL, fixture_setup, test_render_bytes,
              fixture_teardown);
  g_test_add ("/ui/charts/export/unknown-extension", Fixture, NULL, fixture_setup,
              test_unknown_extension, fixture_teardown);
  g_test_add ("/ui/charts/export/write-failure", Fixture, NULL, fixture_setup, test_write_failure,
              fixture_teardown);
  g_test_add ("/ui/charts/export/no-data", Fixture, NULL, fixture_setup, test_no_data_exports,
              fixture_teardown);

  return g_test_run ();
}
