/* hp-format.h — how numbers, sizes, durations and paths read in the window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *hp_format_table_number (double value);
char *hp_format_duration_us (double us);
char *hp_format_size (guint64 bytes);
char *hp_format_display_path (const char *path);

G_END_DECLS
