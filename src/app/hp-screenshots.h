/* hp-screenshots.h — renders every tab of a window to PNG files, for data/screenshots.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-window.h"

G_BEGIN_DECLS

void     hp_screenshots_take_async (HpWindow           *window,
                                    const char         *folder,
                                    GCancellable       *cancellable,
                                    GAsyncReadyCallback callback,
                                    gpointer            user_data);
gboolean hp_screenshots_take_finish (HpWindow     *window,
                                     GAsyncResult *result,
                                     GError      **error);
gboolean hp_screenshots_save_widget (GtkWidget  *widget,
                                     const char *path,
                                     GError    **error);

G_END_DECLS
