/* hp-gzip-private.h — gzip members in and out: ISA-L's igzip where the build has it, else zlib.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GConverter *_hp_gzip_decompressor_new (void);
GConverter *_hp_gzip_compressor_new (void);
const char *_hp_gzip_backend (void);

G_END_DECLS
