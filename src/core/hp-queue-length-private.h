/* hp-queue-length-private.h — the launch calls the queue length counts, shared with the critical path.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define HP_N_LAUNCH_NAMES 12

/* CUDA, HIP and MTIA calls that put work on a stream (spec analyses §8.1) */
extern const char *const _hp_queue_length_launch_names[HP_N_LAUNCH_NAMES];

G_END_DECLS
