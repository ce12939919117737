/* hp-timeline-view.c — the interactive multi-rank timeline widget.
 *
 * The view owns an HpTimelinePainter and a visible window [t0, t1) plus a
 * vertical scroll offset. It paints the painter's cached layers into an
 * image surface at the widget's scale factor and re-renders that surface
 * only when the window, the size, the scale, the style or the painter's
 * generation changes; hover, selection, flows and the selected range are
 * drawn over it on every frame (the painter's dynamic layer), so pointer
 * motion never re-renders the lanes.
 *
 * This file holds the widget itself: the painter and its cache, the overlay
 * data computed in a worker, the properties, the trace and the session.
 * The other files each do one job, and calls go one way only, from this
 * file down the list (a file calls the files after it, never one before):
 *
 *   hp-timeline-view-actions.c    the keyboard and the widget's actions
 *   hp-timeline-view-gestures.c   pointer drags, wheel and pinch
 *   hp-timeline-view-tooltips.c   tooltips
 *   hp-timeline-view-bookmarks.c  bookmarks
 *   hp-timeline-view-lanes.c      pins, hidden lanes, collapsed ranks, the
 *                                 lane menu, the saved arrangement
 *   hp-timeline-view-selection.c  the selection, highlights and search
 *   hp-timeline-view-session.c    the session's results on the timeline
 *   hp-timeline-view-geometry.c   the camera (window, scroll, zoom), the
 *                                 gutter, and the hover under the pointer
 *
 * hp-timeline-view-private.h is what they share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "hp-timeline-view-private.h"
#include "hp-view-jobs.h"

G_DEFINE_FINAL_TYPE (HpTimelineView, hp_timeline_view, GTK_TYPE_WIDGET)

GParamSpec *hp_timeline_view_properties[N_PROPS];
guint       hp_timeline_view_signals[N_SIGNALS];

/* Overlay data: the counters take a while on big traces, so the runner
 * computes them (hp_view_job_timeline_extras); the idle gaps and memory
 * tracks are the session's analysis results (hp-timeline-view-session.c).
 * The scene shows an overlay once its data is in. */

static void apply_flags (HpTimelineView *self);

static void
extras_ready_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (HpTimelineView) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpJobResult) extras = hp_view_job_finish (result, &error);

  /* cancelled: another trace, other overlays, or the view went away */
  if (extras == NULL || self->painter == NULL || g_task_get_cancellable (G_TASK (result)) != self->extras_cancellable)
    return;
  hp_timeline_scene_install_extras (self->scene,
                                    hp_job_result_steal_payload (extras));
  self->extras_pending = 0;
  apply_flags (self);
  g_object_notify_by_pspec (G_OBJECT (self), hp_timeline_view_properties[PROP_COMPUTING]);
}

/* Shows the wanted overlays whose data is ready, and asks for the rest */
static void
apply_flags (HpTimelineView *self)
{
  HpTimelineScene *scene;
  HpTimelineFlags  missing;

  if (self->painter == NULL)
    return;
  scene = self->scene;
  hp_timeline_scene_set_idle_delay (scene, self->idle_delay);
  /* the idle gaps and memory tracks are the session's results (the
   * payloads of its idle-time and memory analyses) and nothing else: only
   * the counters are the view's own job */
  missing = hp_timeline_scene_get_missing (scene, self->flags & ~hp_timeline_view_sync_session_data (self));
  hp_timeline_scene_set_flags (scene, self->flags & ~missing);
  missing &= HP_TIMELINE_SHOW_COUNTERS;

  if (missing != 0 && (missing & ~self->extras_pending) != 0)
    {
      HpExtrasInput *input = g_new0 (HpExtrasInput, 1);

      g_cancellable_cancel (self->extras_cancellable);
      g_clear_object (&self->extras_cancellable);
      self->extras_cancellable = g_cancellable_new ();
      self->extras_pending = missing;

      input->what = missing;
      input->idle_delay = self->idle_delay;
      hp_view_job_run (&hp_view_job_timeline_extras, NULL, NULL, NULL, self->trace, input, g_free,
                       self->extras_cancellable, NULL, NULL, extras_ready_cb, g_object_ref (self));
      g_object_notify_by_pspec (G_OBJECT (self), hp_timeline_view_properties[PROP_COMPUTING]);
    }

  self->camera.scroll_y = CLAMP (self->camera.scroll_y, 0, hp_timeline_view_max_scroll (self));
  hp_timeline_view_sync_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Style from the theme: the dark variant when text is light */
static void
update_style (HpTimelineView *self)
{
  g_autoptr (HpChartStyle) style = NULL;
  const PangoFontDescription *font;
  GtkStyleContext            *context;
  GdkRGBA                     fg;
  gboolean                    dark;

  if (self->painter == NULL)
    return;

  context = gtk_widget_get_style_context (GTK_WIDGET (self));
  gtk_style_context_get_color (context, &fg);
  dark = 0.2126 * fg.red + 0.7152 * fg.green + 0.0722 * fg.blue > 0.5;
  style = dark ? hp_chart_style_new_dark () : hp_chart_style_new_light ();
  font = pango_context_get_font_description (gtk_widget_get_pango_context (GTK_WIDGET (self)));
  if (font != NULL && pango_font_description_get_family (font) != NULL)
    hp_chart_style_set_font_family (style, pango_font_description_get_family (font));
  hp_timeline_painter_set_style (self->painter, style);
  self->style_dark = dark;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
same_viewport (const HpTimelineViewport *a,
               const HpTimelineViewport *b)
{
  return a->t0 == b->t0 && a->t1 == b->t1 && a->width == b->width && a->height == b->height &&
         a->scroll_y == b->scroll_y && a->scale == b->scale;
}

static void
ensure_cache (HpTimelineView           *self,
              const HpTimelineViewport *v)
{
  guint    generation = hp_timeline_painter_get_generation (self->painter);
  int      pw = (int)ceil (v->width * v->scale);
  int      ph = (int)ceil (v->height * v->scale);
  cairo_t *cr;

  if (self->cache_valid && same_viewport (&self->cache_viewport, v) && self->cache_generation == generation)
    return;

  if (self->cache == NULL || cairo_image_surface_get_width (self->cache) != pw ||
      cairo_image_surface_get_height (self->cache) != ph)
    {
      g_clear_pointer (&self->cache, cairo_surface_destroy);
      /* opaque: the painter fills every pixel */
      self->cache = cairo_image_surface_create (CAIRO_FORMAT_RGB24, pw, ph);
    }
  cairo_surface_set_device_scale (self->cache, v->scale, v->scale);
  cr = cairo_create (self->cache);
  hp_timeline_painter_paint (self->painter, cr, v);
  cairo_destroy (cr);
  cairo_surface_flush (self->cache);

  self->cache_viewport = *v;
  self->cache_generation = hp_timeline_painter_get_generation (self->painter);
  self->cache_valid = TRUE;
}

static void
hp_timeline_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  HpTimelineView    *self = HP_TIMELINE_VIEW (widget);
  int                width = gtk_widget_get_width (widget);
  int                height = gtk_widget_get_height (widget);
  HpTimelineViewport v;
  cairo_t           *cr;

  if (self->painter == NULL || width <= 0 || height <= 0)
    return;

  hp_timeline_view_viewport (self, &v);
  ensure_cache (self, &v);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_source_surface (cr, self->cache, 0, 0);
  cairo_paint (cr);
  hp_timeline_view_paint_dynamic (self, cr, &v);
  cairo_destroy (cr);
}

static void
hp_timeline_view_measure (GtkWidget     *widget,
                          GtkOrientation orientation,
                          int            for_size,
                          int           *minimum,
                          int           *natural,
                          int           *minimum_baseline,
                          int           *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int)HP_TIMELINE_GUTTER_WIDTH + 120;
      *natural = 900;
    }
  else
    {
      *minimum = 120;
      *natural = 600;
    }
}

static void
hp_timeline_view_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);
  double          top, bottom;

  /* the selected row stays in view when the view gets shorter (a bar
   * sliding in above it) */
  if (height < self->last_height && hp_timeline_view_selected_row_extent (self, &top, &bottom) && top >= self->camera.scroll_y &&
      bottom <= self->camera.scroll_y + self->last_height - hp_timeline_scene_get_lanes_top (self->scene))
    self->camera.scroll_y = MAX (self->camera.scroll_y, bottom - (height - hp_timeline_scene_get_lanes_top (self->scene)));
  self->last_height = height;

  self->camera.scroll_y = CLAMP (self->camera.scroll_y, 0, hp_timeline_view_max_scroll (self));
  hp_timeline_view_sync_adjustments (self);
  hp_timeline_view_lanes_allocate (self);
  /* an event selected while the view was never laid out (a linked view
   * jumping to a tab not visited yet) gets its row scrolled into view now */
  if (self->reveal_pending && height > 0)
    {
      self->reveal_pending = FALSE;
      if (self->painter != NULL && self->selected_event >= 0)
        hp_timeline_view_reveal_event (self, (guint)self->selected_rank_pos, (guint32)self->selected_event);
    }
}

static void
hp_timeline_view_css_changed (GtkWidget         *widget,
                              GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (hp_timeline_view_parent_class)->css_changed (widget, change);
  update_style (HP_TIMELINE_VIEW (widget));
}

static void
hp_timeline_view_dispose (GObject *object)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (object);

  g_cancellable_cancel (self->extras_cancellable);
  g_clear_object (&self->extras_cancellable);
  g_clear_pointer (&self->painter, hp_timeline_painter_free);
  g_clear_pointer (&self->scene, hp_timeline_scene_unref);
  g_clear_pointer (&self->layout, hp_timeline_layout_unref);
  hp_timeline_view_lanes_dispose (self);
  g_clear_pointer (&self->trace, hp_trace_unref);
  hp_timeline_view_set_session (self, NULL);
  /* without a trace: no session of its own either */
  hp_timeline_view_follow_trace (self);
  g_clear_pointer (&self->cache, cairo_surface_destroy);
  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->hadjustment, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->vadjustment, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);

  G_OBJECT_CLASS (hp_timeline_view_parent_class)->dispose (object);
}

static void
hp_timeline_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_TRACE:
      g_value_set_boxed (value, self->trace);
      break;
    case PROP_START:
      g_value_set_int64 (value, self->camera.t0);
      break;
    case PROP_END:
      g_value_set_int64 (value, self->camera.t1);
      break;
    case PROP_COMPUTING:
      g_value_set_boolean (value, self->extras_pending != 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_timeline_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_TRACE:
      hp_timeline_view_set_trace (self, g_value_get_boxed (value));
      break;
    case PROP_START:
      hp_timeline_view_set_visible_range (self, g_value_get_int64 (value), self->camera.t1);
      break;
    case PROP_END:
      hp_timeline_view_set_visible_range (self, self->camera.t0, g_value_get_int64 (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_timeline_view_class_init (HpTimelineViewClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_timeline_view_dispose;
  object_class->get_property = hp_timeline_view_get_property;
  object_class->set_property = hp_timeline_view_set_property;

  widget_class->snapshot = hp_timeline_view_snapshot;
  widget_class->measure = hp_timeline_view_measure;
  widget_class->size_allocate = hp_timeline_view_size_allocate;
  widget_class->css_changed = hp_timeline_view_css_changed;
  widget_class->query_tooltip = hp_timeline_view_query_tooltip;

  hp_timeline_view_properties[PROP_TRACE] =
      g_param_spec_boxed ("trace", NULL, NULL, hp_trace_get_type (),
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  hp_timeline_view_properties[PROP_START] =
      g_param_spec_int64 ("start", NULL, NULL, G_MININT64, G_MAXINT64, 0,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  hp_timeline_view_properties[PROP_END] =
      g_param_spec_int64 ("end", NULL, NULL, G_MININT64, G_MAXINT64, 1,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  hp_timeline_view_properties[PROP_COMPUTING] =
      g_param_spec_boolean ("computing", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, hp_timeline_view_properties);

  /**
   * HpTimelineView::selection-changed:
   *
   * The selected event changed (hp_timeline_view_get_selection()).
   */
  hp_timeline_view_signals[SELECTION_CHANGED] =
      g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 0);
  /**
   * HpTimelineView::range-changed:
   *
   * A time range was selected or dropped
   * (hp_timeline_view_get_selected_range()).
   */
  hp_timeline_view_signals[RANGE_CHANGED] =
      g_signal_new ("range-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 0);

  hp_timeline_view_class_actions_init (widget_class);
  hp_timeline_view_class_lanes_init (widget_class);
  hp_timeline_view_class_bookmarks_init (widget_class);

  gtk_widget_class_set_css_name (widget_class, "hptimelineview");
}

static void
hp_timeline_view_init (HpTimelineView *self)
{
  self->camera.t0 = 0;
  self->camera.t1 = 1;
  self->flags = HP_TIMELINE_SHOW_DEFAULT;
  self->idle_delay = 30.0;
  self->selected_rank_pos = -1;
  self->selected_event = -1;
  self->current_match = -1;
  hp_timeline_view_init_adjustments (self);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  hp_timeline_view_lanes_init (self);
  hp_timeline_view_init_gestures (self);
  hp_timeline_view_init_shortcuts (self);
}

/**
 * hp_timeline_view_new:
 *
 * Returns: (transfer floating): a timeline without a trace
 */
GtkWidget *
hp_timeline_view_new (void)
{
  return g_object_new (HP_TYPE_TIMELINE_VIEW, NULL);
}

/**
 * hp_timeline_view_get_trace:
 *
 * Returns: (transfer none) (nullable): the trace
 */
HpTrace *
hp_timeline_view_get_trace (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);
  return self->trace;
}

/**
 * hp_timeline_view_set_trace:
 * @trace: (nullable): the trace to show, whole
 */
void
hp_timeline_view_set_trace (HpTimelineView *self,
                            HpTrace        *trace)
{
  gint64 start, end;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->trace == trace)
    return;

  g_cancellable_cancel (self->extras_cancellable);
  g_clear_object (&self->extras_cancellable);
  if (self->extras_pending != 0)
    {
      self->extras_pending = 0;
      g_object_notify_by_pspec (G_OBJECT (self), hp_timeline_view_properties[PROP_COMPUTING]);
    }
  g_clear_pointer (&self->painter, hp_timeline_painter_free);
  g_clear_pointer (&self->scene, hp_timeline_scene_unref);
  g_clear_pointer (&self->layout, hp_timeline_layout_unref);
  g_clear_pointer (&self->trace, hp_trace_unref);
  self->cache_valid = FALSE;
  self->selected_rank_pos = -1;
  self->selected_event = -1;
  self->reveal_pending = FALSE;
  self->current_match = -1;
  self->camera.scroll_y = 0;

  if (trace != NULL)
    self->trace = hp_trace_ref (trace);
  hp_timeline_view_follow_trace (self);
  if (trace != NULL)
    {
      self->layout = hp_timeline_layout_new (trace);
      self->scene = hp_timeline_scene_new (self->layout);
      self->painter = hp_timeline_painter_new (self->scene);
      hp_timeline_painter_set_translation_domain (self->painter, GETTEXT_PACKAGE);
      update_style (self);
      hp_timeline_layout_get_time_bounds (self->layout, &start, &end);
      self->camera.t0 = start;
      self->camera.t1 = end;
      g_object_notify_by_pspec (G_OBJECT (self), hp_timeline_view_properties[PROP_START]);
      g_object_notify_by_pspec (G_OBJECT (self), hp_timeline_view_properties[PROP_END]);
      apply_flags (self);
    }
  hp_timeline_view_bookmarks_attach (self);
  hp_timeline_view_lanes_attach (self);
  g_object_notify_by_pspec (G_OBJECT (self), hp_timeline_view_properties[PROP_TRACE]);
  g_signal_emit (self, hp_timeline_view_signals[SELECTION_CHANGED], 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hp_timeline_view_get_painter:
 *
 * Returns: (transfer none) (nullable): the painter, for overlays
 */
HpTimelinePainter *
hp_timeline_view_get_painter (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);
  return self->painter;
}

/**
 * hp_timeline_view_get_layout:
 *
 * Returns: (transfer none) (nullable): the layout of the trace, which
 *   nothing changes
 */
const HpTimelineLayout *
hp_timeline_view_get_layout (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);
  return self->layout;
}

/**
 * hp_timeline_view_get_scene:
 *
 * Returns: (transfer none) (nullable): what the view shows of its layout:
 *   the arrangement, flags, highlights and the results' tracks; the view
 *   changes it
 */
HpTimelineScene *
hp_timeline_view_get_scene (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);
  return self->scene;
}

/**
 * hp_timeline_view_get_hadjustment:
 *
 * Returns: (transfer none): the visible window as an adjustment in ns, for
 *   a horizontal scrollbar
 */
GtkAdjustment *
hp_timeline_view_get_hadjustment (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);
  return self->hadjustment;
}

/**
 * hp_timeline_view_get_vadjustment:
 *
 * Returns: (transfer none): the lanes' scroll position, for a vertical
 *   scrollbar
 */
GtkAdjustment *
hp_timeline_view_get_vadjustment (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);
  return self->vadjustment;
}

/**
 * hp_timeline_view_get_flags:
 *
 * Returns: the overlays and tracks asked for (those whose data is still
 *   being computed appear when it is in)
 */
HpTimelineFlags
hp_timeline_view_get_flags (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), 0);
  return self->flags;
}

/**
 * hp_timeline_view_set_session:
 * @session: (nullable): the session of the trace the view shows
 *
 * The view writes the hovered event and time to @session and draws the
 * hovered event @session has. Without one (or when @session is of another
 * trace than hp_timeline_view_set_trace() gives) the view makes its own.
 */
void
hp_timeline_view_set_session (HpTimelineView *self,
                              HpSession      *session)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));
  g_return_if_fail (session == NULL || HP_IS_SESSION (session));

  if (session == self->given)
    return;
  g_set_object (&self->given, session);
  hp_timeline_view_follow_trace (self);
  /* the session's data for the overlays shown */
  hp_timeline_view_set_flags (self, self->flags);
}

/**
 * hp_timeline_view_set_flags:
 * @flags: overlays and tracks to show
 */
void
hp_timeline_view_set_flags (HpTimelineView *self,
                            HpTimelineFlags flags)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  self->flags = flags;
  apply_flags (self);
}

/**
 * hp_timeline_view_is_computing:
 *
 * Returns: whether overlay data (idle gaps, counters) is being computed
 */
gboolean
hp_timeline_view_is_computing (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), FALSE);
  return self->extras_pending != 0 || hp_timeline_view_session_computing (self);
}

/**
 * hp_timeline_view_set_idle_delay:
 * @consecutive_kernel_delay: us, as the idle-time analysis' parameter
 */
void
hp_timeline_view_set_idle_delay (HpTimelineView *self,
                                 double          consecutive_kernel_delay)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  self->idle_delay = consecutive_kernel_delay;
  apply_flags (self);
}

/**
 * hp_timeline_view_export:
 * @path: a .png, .svg or .pdf file
 * @error: a #GError
 *
 * Writes the visible time range with every row (not only those scrolled
 * into view), at the view's width and scale, selection included.
 *
 * Returns: whether the file was written
 */
gboolean
hp_timeline_view_export (HpTimelineView *self,
                         const char     *path,
                         GError        **error)
{
  HpTimelineScene   *scene;
  HpTimelineViewport v;

  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->painter == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _ ("No trace to export"));
      return FALSE;
    }
  scene = self->scene;
  hp_timeline_view_viewport (self, &v);
  v.scroll_y = 0;
  v.height = (int)CLAMP (hp_timeline_scene_get_lanes_top (scene) + hp_timeline_scene_get_content_height (scene) + 1,
                         100, 16000);
  return hp_timeline_painter_export (self->painter, path, &v, error);
}
