/* hp-load-error.c — the error domain of trace loading.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-load-error.h"

G_DEFINE_QUARK (hp_load_error, hp_load_error)
