/* hp-comm-match-private.h — which kernels of the ranks are one instance of a collective (docs/communication.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * HpCommMatch:
 * @HP_COMM_MATCH_SEQUENCE: the same sequence number in the same group
 * @HP_COMM_MATCH_ORDER: the n-th of the group on every rank, all running
 *   when the last rank arrived
 * @HP_COMM_MATCH_OVERLAP: as ORDER, in a group where some rank lost a
 *   kernel
 * @HP_COMM_MATCH_UNMATCHED: an instance on one rank only
 *
 * How an instance's kernels were matched across ranks.
 */
typedef enum
{
  HP_COMM_MATCH_SEQUENCE,
  HP_COMM_MATCH_ORDER,
  HP_COMM_MATCH_OVERLAP,
  HP_COMM_MATCH_UNMATCHED,
  HP_N_COMM_MATCHES
} HpCommMatch;

/**
 * HpCommMatchItem:
 * @key: the caller's id of its collective (or kernel name)
 * @group: the caller's id of its group (communicator, process group)
 * @pos: its rank's position among the ranks matched, below n_pos
 * @rank: its rank
 * @event: its event on that rank
 * @ts: its start on its rank's clock, ns
 * @dur: its duration, ns
 * @seq: the trace's sequence number in its group, or -1
 * @msg: its message (elements) where every rank's must be equal (all-reduce,
 *   all-gather, reduce-scatter, broadcast), else -1
 * @group_size: its group's size, or -1
 * @user: the caller's own index
 * @instance: (out): its instance among the kernels of (@key, @group)
 * @match: (out): an #HpCommMatch, how its instance was matched
 *
 * One communication kernel of one rank.
 */
typedef struct
{
  guint32 key;
  guint32 group;
  guint   pos;
  int     rank;
  guint32 event;
  gint64  ts;
  gint64  dur;
  gint64  seq;
  gint64  msg;
  int     group_size;
  guint32 user;
  guint32 instance;
  guint8  match;
} HpCommMatchItem;

/**
 * HpCommClocks:
 * @offsets: per position: that rank's clock minus the first position's, ns
 * @n_pos: the length of @offsets
 * @tolerance: how far apart the aligned clocks may still be, ns
 * @measured: whether @offsets come from the trace (else all 0)
 */
typedef struct
{
  gint64  *offsets;
  guint    n_pos;
  gint64   tolerance;
  gboolean measured;
} HpCommClocks;

/* Without a measurement, the ranks' clocks may disagree by this much, ns. */
#define HP_COMM_CLOCK_TOLERANCE_NS ((gint64)100000)

void        _hp_comm_match (HpCommMatchItem *items,
                            guint            n_items,
                            guint            n_pos,
                            HpCommClocks    *clocks);
void        _hp_comm_clocks_clear (HpCommClocks *clocks);
const char *_hp_comm_match_to_string (HpCommMatch match);
gboolean    _hp_comm_message_must_agree (const char *collective);

G_END_DECLS
