/* hp-timeline-painter.h — paints the multi-rank timeline on any cairo_t, with pluggable overlays.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include <cairo.h>

#include "hp-chart-style.h"
#include "hp-export.h"
#include "hp-timeline-frame.h"
#include "hp-timeline-layout.h"
#include "hp-timeline-scene.h"

G_BEGIN_DECLS

/**
 * HpTimelineLayer:
 * @HP_TIMELINE_LAYER_UNDER: under the events; part of the cached picture
 * @HP_TIMELINE_LAYER_OVER: over the events, the ruler and the step band
 *   (not the gutter); part of the cached picture
 * @HP_TIMELINE_LAYER_DYNAMIC: over everything, painted by
 *   hp_timeline_painter_paint_dynamic() on every hover or selection change
 *   and never cached
 *
 * Where an overlay paints. A view caches UNDER and OVER with the events and
 * repaints them when the viewport, the size or the data changes; call
 * hp_timeline_painter_changed() when an overlay's own data changes.
 */
typedef enum
{
  HP_TIMELINE_LAYER_UNDER,
  HP_TIMELINE_LAYER_OVER,
  HP_TIMELINE_LAYER_DYNAMIC,
} HpTimelineLayer;

/**
 * HpTimelineOverlayPaintFunc:
 * @mapper: time → x and (rank, lane, depth) → y for this picture
 * @cr: clipped to the right of the gutter; the ruler and the step band
 *   are above @mapper->lanes_top, clip further to stay off them
 * @style: colours and fonts
 * @user_data: the overlay's data
 *
 * Paints an overlay. Cull with the mapper's viewport: paint only what
 * intersects [t0, t1) and the visible rows
 * (@mapper->first_row to @mapper->end_row).
 */
typedef void (*HpTimelineOverlayPaintFunc) (const HpTimelineMapper *mapper,
                                            cairo_t                *cr,
                                            const HpChartStyle     *style,
                                            gpointer                user_data);

/**
 * HpTimelineOverlayHitFunc:
 * @mapper: the picture
 * @x: a point of the picture
 * @y:
 * @hit: (inout): already filled with what the lanes have there; an overlay
 *   that owns the point sets @hit->kind to %HP_TIMELINE_HIT_OVERLAY (the
 *   painter fills @hit->overlay), its own @hit->item, @hit->start/@hit->end
 *   and optionally a tooltip in @hit->text
 * @user_data: the overlay's data
 *
 * Returns: whether the overlay claimed the point; overlays are asked from
 *   the top layer down and the first claim wins over the lanes
 */
typedef gboolean (*HpTimelineOverlayHitFunc) (const HpTimelineMapper *mapper,
                                              double                  x,
                                              double                  y,
                                              HpTimelineHit          *hit,
                                              gpointer                user_data);

typedef struct _HpTimelinePainter HpTimelinePainter;

HpTimelinePainter     *hp_timeline_painter_new (HpTimelineScene *scene);
void                   hp_timeline_painter_free (HpTimelinePainter *self);
const HpTimelineScene *hp_timeline_painter_get_scene (HpTimelinePainter *self);
const HpTimelineFrame *hp_timeline_painter_get_frame (HpTimelinePainter *self);
const char            *hp_timeline_painter_get_short_name (HpTimelinePainter *self,
                                                           guint32            name);
void                   hp_timeline_painter_set_style (HpTimelinePainter  *self,
                                                      const HpChartStyle *style);
const HpChartStyle    *hp_timeline_painter_get_style (HpTimelinePainter *self);
guint                  hp_timeline_painter_get_generation (HpTimelinePainter *self);
void                   hp_timeline_painter_changed (HpTimelinePainter *self);
void                   hp_timeline_painter_set_translation_domain (HpTimelinePainter *self,
                                                                   const char        *domain);
const char            *hp_timeline_painter_get_translation_domain (HpTimelinePainter *self);
char                  *hp_timeline_painter_dup_lane_title (HpTimelinePainter *self,
                                                           const HpRank      *rank,
                                                           guint              lane);
char                  *hp_timeline_painter_dup_row_title (HpTimelinePainter   *self,
                                                          const HpTimelineRow *row);
char                  *hp_timeline_painter_dup_counter_title (HpTimelinePainter *self,
                                                              guint              rank_pos,
                                                              guint              counter);

guint hp_timeline_painter_add_overlay (HpTimelinePainter         *self,
                                       HpTimelineLayer            layer,
                                       HpTimelineOverlayPaintFunc paint,
                                       HpTimelineOverlayHitFunc   hit_test,
                                       gpointer                   user_data,
                                       GDestroyNotify             destroy);
void  hp_timeline_painter_remove_overlay (HpTimelinePainter *self,
                                          guint              id);
guint hp_timeline_painter_get_idle_overlay (HpTimelinePainter *self);

void     hp_timeline_painter_set_selection (HpTimelinePainter *self,
                                            int                rank_pos,
                                            gint64             event);
gboolean hp_timeline_painter_get_selection (HpTimelinePainter *self,
                                            guint             *rank_pos,
                                            guint32           *event);
void     hp_timeline_painter_set_range (HpTimelinePainter *self,
                                        gint64             start,
                                        gint64             end);
gboolean hp_timeline_painter_get_range (HpTimelinePainter *self,
                                        gint64            *start,
                                        gint64            *end);

void             hp_timeline_painter_set_range_lanes (HpTimelinePainter *self,
                                                      const HpLaneRef   *lanes,
                                                      guint              n_lanes);
const HpLaneRef *hp_timeline_painter_get_range_lanes (HpTimelinePainter *self,
                                                      guint             *n_lanes);
void             hp_timeline_painter_lanes_between (HpTimelinePainter *self,
                                                    double             top,
                                                    double             bottom,
                                                    GArray            *lanes);

void     hp_timeline_painter_paint (HpTimelinePainter        *self,
                                    cairo_t                  *cr,
                                    const HpTimelineViewport *viewport);
void     hp_timeline_painter_paint_dynamic (HpTimelinePainter        *self,
                                            cairo_t                  *cr,
                                            const HpTimelineViewport *viewport);
void     hp_timeline_painter_paint_dynamic_hover (HpTimelinePainter        *self,
                                                  cairo_t                  *cr,
                                                  const HpTimelineViewport *viewport,
                                                  int                       rank_pos,
                                                  gint64                    event);
gboolean hp_timeline_painter_hit_test (HpTimelinePainter        *self,
                                       const HpTimelineViewport *viewport,
                                       double                    x,
                                       double                    y,
                                       HpTimelineHit            *hit);

GBytes  *hp_timeline_painter_render (HpTimelinePainter        *self,
                                     HpExportFormat            format,
                                     const HpTimelineViewport *viewport,
                                     GError                  **error);
gboolean hp_timeline_painter_export (HpTimelinePainter        *self,
                                     const char               *path,
                                     const HpTimelineViewport *viewport,
                                     GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpTimelinePainter, hp_timeline_painter_free)

G_END_DECLS
