/* test-chart-i18n.c — the words charts and the timeline paint: in the app's language, and never past the picture's edge.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-charts.h"
#include "hp-core.h"
#include "hp-test-utils.h"

/* ---------------------------------------------------------------------- */
/* the timeline's words                                                    */

typedef struct
{
  HpTimelineScene   *scene;
  HpTimelinePainter *painter;
  const HpRank      *rank;
  guint              stream_lane;
  guint              thread_lane;
  guint              queue_counter;
  gint64             gap_start;
  gint64             gap_end;
  HpIdleCategory     gap_category;
  double             gap_x;
  double             gap_y;
} TimelineCase;

static void
timeline_case_init (TimelineCase *tc,
                    HpTrace      *trace)
{
  HpTimelineScene      *scene;
  HpTimelineViewport    v = { 0, 1500 * HP_NS_PER_US, (int)HP_TIMELINE_GUTTER_WIDTH + 1500, 400, 0, 1.0 };
  HpTimelineMapper      m;
  const HpIdleInterval *gap = NULL;
  GArray               *gaps;
  double                h;
  gboolean              found_stream = FALSE, found_thread = FALSE, found_queue = FALSE;

  tc->scene = hp_timeline_scene_new_for_trace (trace);
  tc->painter = hp_timeline_painter_new (tc->scene);
  scene = tc->scene;
  hp_timeline_scene_set_flags (scene, HP_TIMELINE_SHOW_IDLE | HP_TIMELINE_SHOW_COUNTERS);
  hp_timeline_scene_install_extras (scene, hp_timeline_extras_compute (trace, HP_TIMELINE_SHOW_IDLE | HP_TIMELINE_SHOW_COUNTERS, 30.0, NULL));
  tc->rank = hp_trace_get_rank (trace, 0);

  /* the case's lanes have no names from the trace: stream 7 and thread 100 */
  for (guint l = 0; l < tc->rank->n_lanes; l++)
    {
      const HpLane *lane = &tc->rank->lanes[l];

      g_assert_true (lane->name == HP_NO_STRING || *hp_trace_get_string (trace, lane->name) == '\0');
      if (lane->is_gpu && lane->tid == 7)
        {
          tc->stream_lane = l;
          found_stream = TRUE;
        }
      else if (!lane->is_gpu && lane->tid == 100)
        {
          tc->thread_lane = l;
          found_thread = TRUE;
        }
    }
  g_assert_true (found_stream && found_thread);

  for (guint c = 0; c < hp_timeline_scene_get_n_counters (scene, 0); c++)
    {
      const HpSeries *counter = hp_timeline_scene_get_counter (scene, 0, c);

      /* the queue length of stream 7: a count */
      if (counter->integral && counter->key == 7)
        {
          tc->queue_counter = c;
          found_queue = TRUE;
        }
    }
  g_assert_true (found_queue);

  /* the first idle gap of the stream, and a point inside it */
  gaps = hp_timeline_scene_get_idle_intervals (scene, 0, tc->stream_lane);
  g_assert_nonnull (gaps);
  for (guint g = 0; g < gaps->len && gap == NULL; g++)
    if (g_array_index (gaps, HpIdleInterval, g).end > g_array_index (gaps, HpIdleInterval, g).start)
      gap = &g_array_index (gaps, HpIdleInterval, g);
  g_assert_nonnull (gap);
  tc->gap_start = gap->start;
  tc->gap_end = gap->end;
  tc->gap_category = gap->category;
  hp_timeline_mapper_init (&m, scene, &v);
  g_assert_true (hp_timeline_mapper_lane_y (&m, 0, tc->stream_lane, 0, &tc->gap_y, &h));
  tc->gap_x = hp_timeline_mapper_time_to_x (&m, (gap->start + gap->end) / 2);
  tc->gap_y += h / 2;
}

/* the tooltip the idle overlay writes for the case's gap */
static char *
idle_hit_text (TimelineCase *tc)
{
  HpTimelineViewport v = { 0, 1500 * HP_NS_PER_US, (int)HP_TIMELINE_GUTTER_WIDTH + 1500, 400, 0, 1.0 };
  HpTimelineHit      hit;
  char              *text;

  g_assert_true (hp_timeline_painter_hit_test (tc->painter, &v, tc->gap_x, tc->gap_y, &hit));
  g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_OVERLAY);
  g_assert_cmpuint (hit.overlay, ==, hp_timeline_painter_get_idle_overlay (tc->painter));
  g_assert_cmpint (hit.start, ==, tc->gap_start);
  text = g_steal_pointer (&hit.text);
  hp_timeline_hit_clear (&hit);
  return text;
}

static void
assert_words (TimelineCase *tc,
              const char   *stream,
              const char   *thread,
              const char   *queue,
              const char   *idle)
{
  g_autofree char *stream_title = hp_timeline_painter_dup_lane_title (tc->painter, tc->rank, tc->stream_lane);
  g_autofree char *thread_title = hp_timeline_painter_dup_lane_title (tc->painter, tc->rank, tc->thread_lane);
  g_autofree char *queue_title = hp_timeline_painter_dup_counter_title (tc->painter, 0, tc->queue_counter);
  g_autofree char *hit_text = idle_hit_text (tc);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 600, 300);
  cairo_t         *cr = cairo_create (surface);

  g_assert_cmpstr (stream_title, ==, stream);
  g_assert_cmpstr (thread_title, ==, thread);
  g_assert_cmpstr (queue_title, ==, queue);
  g_assert_cmpstr (hit_text, ==, idle);

  /* and the gutter, the ruler and the band paint them */
  hp_timeline_painter_paint (tc->painter, cr, &(HpTimelineViewport){ 0, 1500 * HP_NS_PER_US, 600, 300, 0, 1.0 });
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_timeline_words (void)
{
  char            *old_locale;
  g_autofree char *path = hp_test_data_path ("edge", "timeline-idle.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  HpLoadOptions    options = { 0 };
  TimelineCase     tc = { 0 };
  guint            generation;
  g_autofree char *duration = NULL;
  g_autofree char *idle_en = NULL;
  g_autofree char *idle_de = NULL;
  const char      *category;

  old_locale = hp_test_begin_german ();
  if (old_locale == NULL)
    return;

  trace = hp_load_path (path, &options, NULL, &error);
  g_assert_no_error (error);
  timeline_case_init (&tc, trace);
  duration = hp_timeline_format_duration (tc.gap_end - tc.gap_start);
  category = hp_idle_category_to_string (tc.gap_category);
  idle_en = g_strdup_printf ("Idle %s (%s) before the next kernel", duration, category);
  idle_de = g_strdup_printf ("Leerlauf von %s (%s) vor dem nächsten Kernel", duration, category);

  /* a new painter speaks English, as the CLI and the benchmarks print */
  g_assert_null (hp_timeline_painter_get_translation_domain (tc.painter));
  assert_words (&tc, "stream 7", "thread 100", "Queue · stream 7", idle_en);

  /* the app's domain: German, and cached pictures are stale */
  generation = hp_timeline_painter_get_generation (tc.painter);
  hp_timeline_painter_set_translation_domain (tc.painter, GETTEXT_PACKAGE);
  g_assert_cmpstr (hp_timeline_painter_get_translation_domain (tc.painter), ==, GETTEXT_PACKAGE);
  g_assert_cmpuint (hp_timeline_painter_get_generation (tc.painter), !=, generation);
  assert_words (&tc, "Stream 7", "Thread 100", "Stream 7 · Warteschlange", idle_de);
  /* the layout's own copy of a counter's name stays English */
  g_assert_cmpstr (hp_timeline_scene_get_counter (tc.scene, 0, tc.queue_counter)->title, ==,
                   "Queue · stream 7");

  /* and back */
  hp_timeline_painter_set_translation_domain (tc.painter, NULL);
  assert_words (&tc, "stream 7", "thread 100", "Queue · stream 7", idle_en);

  hp_timeline_painter_free (tc.painter);
  hp_timeline_scene_unref (tc.scene);
  hp_test_end_german (old_locale);
}

/* ---------------------------------------------------------------------- */
/* axis titles                                                             */

#define LONG_X_TITLE "Mittlere Dauer vom Start der Operation bis zum ersten Kernel-Start, über alle Ranks gemittelt"
#define LONG_Y_TITLE "Anteil der Leerlaufzeit des Streams, der auf den Host wartet, über alle Iterationen"

static GPtrArray *
charts_with_axis_titles (const char *x_title,
                         const char *y_title)
{
  GPtrArray   *charts = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_chart_unref);
  const double x[] = { 0, 1, 2, 3 };
  const double y[] = { 1200, 5, 40000, 7 };
  HpChart     *chart;

  chart = hp_line_chart_new ("line", "Line");
  hp_line_chart_add_series (chart, "s", x, y, G_N_ELEMENTS (y));
  g_ptr_array_add (charts, chart);

  chart = hp_histogram_new ("histogram", "Histogram");
  hp_histogram_set_values (chart, y, G_N_ELEMENTS (y));
  g_ptr_array_add (charts, chart);

  for (guint horizontal = 0; horizontal < 2; horizontal++)
    {
      chart = hp_bar_chart_new ("bars", "Bars");
      hp_bar_chart_set_orientation (chart, horizontal ? HP_BAR_ORIENTATION_HORIZONTAL : HP_BAR_ORIENTATION_VERTICAL);
      hp_bar_chart_add_category (chart, "a category with a long name");
      hp_bar_chart_add_category (chart, "b");
      hp_bar_chart_add_series (chart, "s", y);
      g_ptr_array_add (charts, chart);
    }

  for (guint i = 0; i < charts->len; i++)
    hp_chart_set_axis_labels (charts->pdata[i], x_title, y_title);
  return charts;
}

static void
test_axis_titles_ellipsize (void)
{
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (GPtrArray) long_titles = charts_with_axis_titles (LONG_X_TITLE, LONG_Y_TITLE);
  g_autoptr (GPtrArray) short_titles = charts_with_axis_titles ("Rank", "Zeit");
  static const int sizes[][2] = { { 360, 260 }, { 520, 300 } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint c = 0; c < long_titles->len; c++)
      {
        int                  width = sizes[s][0], height = sizes[s][1];
        const HpChartLayout *scene = hp_chart_layout (long_titles->pdata[c], width, height, style);
        guint                n_titles = 0;

        for (guint i = 0; i < scene->texts->len; i++)
          {
            const HpChartText *t = &g_array_index (scene->texts, HpChartText, i);

            if (t->role != HP_CHART_TEXT_AXIS_TITLE)
              continue;
            n_titles++;
            /* too long for any side: ellipsised, and inside the margins */
            g_assert_true (t->truncated);
            g_assert_true (g_str_equal (t->text, LONG_X_TITLE) || g_str_equal (t->text, LONG_Y_TITLE));
            g_assert_cmpfloat (t->rect.x, >=, 0);
            g_assert_cmpfloat (t->rect.y, >=, 0);
            if (t->vertical)
              g_assert_cmpfloat (t->rect.y + t->rect.height, <=, height);
            else
              g_assert_cmpfloat (t->rect.x + t->rect.width, <=, width - 16 + 0.5);
          }
        g_assert_cmpuint (n_titles, ==, 2);

        /* the painted ellipsised title ends left of the right margin */
        {
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
          cairo_t         *cr = cairo_create (surface);
          const guint8    *data;
          int              stride;
          guint32          background;

          hp_chart_paint (long_titles->pdata[c], cr, width, height, style);
          cairo_destroy (cr);
          cairo_surface_flush (surface);
          data = cairo_image_surface_get_data (surface);
          stride = cairo_image_surface_get_stride (surface);
          background = *(const guint32 *)(gconstpointer)(data + (height - 1) * stride + (width - 1) * 4) & 0xffffff;
          scene = hp_chart_get_layout (long_titles->pdata[c]);
          for (guint i = 0; i < scene->texts->len; i++)
            {
              const HpChartText *t = &g_array_index (scene->texts, HpChartText, i);

              if (t->role != HP_CHART_TEXT_AXIS_TITLE || t->vertical)
                continue;
              for (int y = (int)t->rect.y; y < (int)(t->rect.y + t->rect.height) && y < height; y++)
                for (int x = width - 12; x < width; x++)
                  g_assert_cmphex (*(const guint32 *)(gconstpointer)(data + y * stride + x * 4) & 0xffffff, ==, background);
            }
          cairo_surface_destroy (surface);
        }

        /* short titles stay whole */
        scene = hp_chart_layout (short_titles->pdata[c], width, height, style);
        for (guint i = 0; i < scene->texts->len; i++)
          {
            const HpChartText *t = &g_array_index (scene->texts, HpChartText, i);

            if (t->role == HP_CHART_TEXT_AXIS_TITLE)
              g_assert_false (t->truncated);
          }
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/charts/i18n/timeline-words", test_timeline_words);
  g_test_add_func ("/ui/charts/i18n/axis-titles-ellipsize", test_axis_titles_ellipsize);

  return g_test_run ();
}
