/* test-timeline-widgets.c — the Timeline tab's parts on their own: details pane, search bar, linked-events bar, area table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"
#include "hp-timeline-area-table.h"
#include "hp-timeline-details.h"
#include "hp-timeline-linked-bar.h"
#include "hp-timeline-search-bar.h"
#include "hp-ui-test-utils.h"

typedef struct
{
  HpTrace        *trace;
  GtkWindow      *window;
  GtkBox         *box;
  HpTimelineView *view;
} Fixture;

static gboolean
view_shown (gpointer view)
{
  return gtk_widget_get_width (view) >= 400 && gtk_widget_get_mapped (view);
}

/* a window with a timeline of the 2-rank trace and a box for the part
 * under test */
static void
fixture_setup (Fixture      *f,
               gconstpointer data)
{
  f->trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (f->window, 1200, 800);
  f->box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  f->view = HP_TIMELINE_VIEW (hp_timeline_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (f->view), TRUE);
  hp_timeline_view_set_trace (f->view, f->trace);
  gtk_box_append (f->box, GTK_WIDGET (f->view));
  gtk_window_set_child (f->window, GTK_WIDGET (f->box));
  gtk_window_present (f->window);
  g_assert_true (hp_ui_test_wait_for (view_shown, f->view));
}

static void
fixture_teardown (Fixture      *f,
                  gconstpointer data)
{
  g_object_ref (f->window);
  gtk_window_destroy (f->window);
  g_assert_finalize_object (f->window);
  hp_trace_unref (f->trace);
}

/* the longest kernel of rank position 0: a GPU event with a duration */
static guint32
some_kernel (HpTrace *trace)
{
  const HpRank *r = hp_trace_get_rank (trace, 0);
  gint64        best = -1;
  guint32       event = 0;

  for (guint32 e = 0; e < r->n_events; e++)
    if (r->kind[e] == HP_EVENT_KIND_KERNEL && hp_rank_get_event_duration (r, e) > best)
      {
        best = hp_rank_get_event_duration (r, e);
        event = e;
      }
  g_assert_cmpint (best, >, 0);
  return event;
}

static void
test_details (Fixture      *f,
              gconstpointer data)
{
  HpTimelineDetails *details = HP_TIMELINE_DETAILS (hp_timeline_details_new ());
  const HpRank      *r = hp_trace_get_rank (f->trace, 0);
  guint32            e = some_kernel (f->trace);
  HpTimelinePainter *painter = hp_timeline_view_get_painter (f->view);

  gtk_box_append (f->box, GTK_WIDGET (details));
  g_assert_null (hp_timeline_details_get_title (details));

  /* without a timeline there is nothing to name events by */
  g_test_expect_message ("hotpath", G_LOG_LEVEL_CRITICAL, "*self->view != NULL*");
  hp_timeline_details_show_event (details, r->rank, e, NULL);
  g_test_assert_expected_messages ();
  g_assert_null (hp_timeline_details_get_title (details));

  hp_timeline_details_set_view (details, f->view, f->trace);
  hp_timeline_details_show_nothing (details);
  g_assert_cmpstr (hp_timeline_details_get_title (details), ==, "Nothing selected");

  hp_timeline_details_show_event (details, r->rank, e, NULL);
  g_assert_cmpstr (hp_timeline_details_get_title (details), ==, hp_timeline_painter_get_short_name (painter, r->name[e]));
  /* the rows are in the box: the event's duration among them */
  g_assert_nonnull (gtk_widget_get_first_child (hp_timeline_details_get_box (details)));

  hp_timeline_details_show_range (details, NULL, 0, 2000 * HP_NS_PER_US);
  g_assert_true (g_str_has_prefix (hp_timeline_details_get_title (details), "Range of 2"));

  hp_timeline_details_clear (details);
  g_assert_null (hp_timeline_details_get_title (details));
  g_assert_null (gtk_widget_get_first_child (hp_timeline_details_get_box (details)));
}

static void
count_cb (guint *count)
{
  (*count)++;
}

static void
test_search_bar (Fixture      *f,
                 gconstpointer data)
{
  HpTimelineSearchBar *bar = HP_TIMELINE_SEARCH_BAR (hp_timeline_search_bar_new ());
  const HpRank        *r = hp_trace_get_rank (f->trace, 0);
  const char          *name = hp_trace_get_string (f->trace, r->name[some_kernel (f->trace)]);
  g_autofree char     *needle = g_strndup (name, 8);
  guint                searches = 0;

  gtk_box_prepend (f->box, GTK_WIDGET (bar));

  /* no timeline yet: searching changes nothing */
  hp_timeline_search_bar_search (bar, needle);
  g_assert_cmpuint (hp_timeline_view_get_n_matches (f->view), ==, 0);
  g_assert_cmpstr (hp_timeline_search_bar_get_match_text (bar), ==, "");

  hp_timeline_search_bar_set_view (bar, f->view);
  g_signal_connect_swapped (bar, "search", G_CALLBACK (count_cb), &searches);
  hp_timeline_search_bar_search (bar, needle);
  g_assert_cmpuint (searches, >=, 1);
  g_assert_true (gtk_search_bar_get_search_mode (hp_timeline_search_bar_get_bar (bar)));
  g_assert_cmpuint (hp_timeline_view_get_n_matches (f->view), >, 0);
  g_assert_nonnull (strstr (hp_timeline_search_bar_get_match_text (bar), "match"));

  hp_timeline_search_bar_search (bar, "no event is called this");
  g_assert_cmpuint (hp_timeline_view_get_n_matches (f->view), ==, 0);
  g_assert_cmpstr (hp_timeline_search_bar_get_match_text (bar), ==, "No matches");

  /* NULL closes the bar, as Escape does */
  hp_timeline_search_bar_search (bar, NULL);
  g_assert_false (gtk_search_bar_get_search_mode (hp_timeline_search_bar_get_bar (bar)));
  g_assert_cmpstr (hp_timeline_search_bar_get_match_text (bar), ==, "");
}

static void
test_linked_bar (Fixture      *f,
                 gconstpointer data)
{
  HpTimelineLinkedBar *bar = HP_TIMELINE_LINKED_BAR (hp_timeline_linked_bar_new ());
  const HpRank        *r = hp_trace_get_rank (f->trace, 0);
  guint32              e = some_kernel (f->trace);
  HpLinkedEvents       linked = { .rank = r->rank, .focus = HP_LINKED_FOCUS_ONE, .description = "two kernels" };
  int                  rank;
  gint64               event;
  guint32              other = e > 0 ? 0 : 1;

  gtk_box_prepend (f->box, GTK_WIDGET (bar));
  g_assert_null (hp_timeline_linked_bar_get_text (bar));
  /* closed, or without a timeline: stepping does nothing */
  hp_timeline_linked_bar_step (bar, 1);
  g_assert_false (hp_timeline_view_get_selection (f->view, NULL, NULL));

  hp_timeline_linked_bar_set_view (bar, f->view, f->trace);
  linked.events = g_array_new (FALSE, FALSE, sizeof (guint32));
  /* by start time, as the linked events are */
  if (hp_rank_get_event_start (r, other) > hp_rank_get_event_start (r, e))
    {
      g_array_append_val (linked.events, e);
      g_array_append_val (linked.events, other);
    }
  else
    {
      g_array_append_val (linked.events, other);
      g_array_append_val (linked.events, e);
    }
  linked.focus_index = g_array_index (linked.events, guint32, 0) == e ? 0 : 1;

  hp_timeline_linked_bar_show (bar, &linked);
  g_assert_cmpstr (hp_timeline_linked_bar_get_text (bar), ==, "two kernels");
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (rank, ==, r->rank);
  g_assert_cmpint (event, ==, e);
  g_assert_cmpuint (hp_timeline_view_get_n_matches (f->view), ==, 2);

  /* stepping wraps around the two */
  hp_timeline_linked_bar_step (bar, 1);
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (event, ==, other);
  hp_timeline_linked_bar_step (bar, 1);
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (event, ==, e);

  hp_timeline_linked_bar_hide (bar);
  g_assert_null (hp_timeline_linked_bar_get_text (bar));
  g_array_unref (linked.events);
}

static gboolean
widget_visible (gpointer widget)
{
  return gtk_widget_get_visible (widget);
}

static void
test_area_table (Fixture      *f,
                 gconstpointer data)
{
  HpTimelineAreaTable *area = HP_TIMELINE_AREA_TABLE (hp_timeline_area_table_new ());
  const HpRank        *r = hp_trace_get_rank (f->trace, 0);
  guint32              e = some_kernel (f->trace);
  HpLaneRef            lane = { 0, hp_rank_lane (r, e) };
  gint64               start = hp_rank_get_event_start (r, e), end = hp_rank_get_event_end (r, e);
  HpTable             *table;

  gtk_box_append (f->box, GTK_WIDGET (area));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (area)));

  /* hidden at once: the table being computed never shows */
  hp_timeline_area_table_show (area, NULL, f->trace, start, end, &lane, 1);
  hp_timeline_area_table_hide (area);
  hp_ui_test_spin (300);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (area)));

  hp_timeline_area_table_show (area, NULL, f->trace, start, end, &lane, 1);
  g_assert_true (hp_ui_test_wait_for (widget_visible, area));
  table = hp_table_view_get_table (hp_timeline_area_table_get_table_view (area));
  g_assert_nonnull (table);
  /* the kernel that spans the area is one of its events */
  g_assert_cmpuint (hp_table_get_n_rows (table), >=, 1);

  hp_timeline_area_table_hide (area);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (area)));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/ui/timeline-widgets/details", Fixture, NULL, fixture_setup, test_details, fixture_teardown);
  g_test_add ("/ui/timeline-widgets/search-bar", Fixture, NULL, fixture_setup, test_search_bar, fixture_teardown);
  g_test_add ("/ui/timeline-widgets/linked-bar", Fixture, NULL, fixture_setup, test_linked_bar, fixture_teardown);
  g_test_add ("/ui/timeline-widgets/area-table", Fixture, NULL, fixture_setup, test_area_table, fixture_teardown);

  return g_test_run ();
}
