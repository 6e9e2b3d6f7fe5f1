//! The implication trees of SE's unary chaining: from one candidate said
//! true or false, the implications followed breadth first, each node kept
//! with the first node that reached it; the buffers reused from tree to
//! tree.

use crate::logic::board::{Board, HOUSES, box_of, col_of, houses_of, row_of};

/// Which links a search may use, and so which techniques it finds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Links {
    /// Links of one digit in houses: X-cycles, forcing X-chains.
    X,
    /// Links within bivalue cells, and the on-to-off links of houses:
    /// Y-cycles.
    Y,
    /// Both: cycles and forcing chains over any digits.
    XY,
}

impl Links {
    pub(super) fn x(self) -> bool {
        self != Links::Y
    }

    /// SE's tie-break between hints of equal difficulty and length.
    pub(super) fn sort_key(self) -> u8 {
        match self {
            Links::X => 2,
            Links::Y => 3,
            Links::XY => 4,
        }
    }
}

/// A node of the implication tree: a candidate, its state, and the node
/// that implied it.
#[derive(Clone, Copy)]
pub(super) struct Node {
    /// Small fields: trees push hundreds of nodes each, so their size is
    /// what their buffer traffic costs.
    /// The candidate's slot: the index of its links and seen stamps.
    slot: u16,
    pub(super) on: bool,
    /// The parent's index, or `NO_PARENT` for the source.
    parent: u32,
}

const NO_PARENT: u32 = u32::MAX;

impl Node {
    /// A tree's source: `digit` in `cell`, on or off.
    pub(super) fn source(cell: usize, digit: u8, on: bool) -> Node {
        Node {
            slot: slot(cell, digit) as u16,
            on,
            parent: NO_PARENT,
        }
    }

    pub(super) fn cell(self) -> usize {
        usize::from(self.slot) / 9
    }

    pub(super) fn digit(self) -> u8 {
        (self.slot % 9) as u8 + 1
    }

    pub(super) fn slot(self) -> usize {
        usize::from(self.slot)
    }

    /// The node that implied this one; none for the source.
    pub(super) fn parent(self) -> Option<usize> {
        (self.parent != NO_PARENT).then_some(self.parent as usize)
    }
}

/// The places of each digit in each house, as masks of positions in
/// `HOUSES` order: read many times for one board.
#[derive(Clone, Copy)]
pub(in crate::logic) struct Places([[u16; 9]; 27]);

impl Places {
    pub(in crate::logic) fn of(board: &Board) -> Places {
        // Cell by cell, each candidate marked in its three houses at once:
        // a third of the reads of going house by house.
        let mut p = [[0u16; 9]; 27];
        for c in 0..81 {
            let (r, col, b) = (row_of(c), col_of(c), 18 + box_of(c));
            let at = (r % 3) * 3 + col % 3;
            for d in crate::logic::board::digits(board.candidates(c)) {
                let d = usize::from(d - 1);
                p[r][d] |= 1 << col;
                p[9 + col][d] |= 1 << r;
                p[b][d] |= 1 << at;
            }
        }
        Places(p)
    }

    pub(in crate::logic) fn get(&self, h: usize, digit: u8) -> u16 {
        self.0[h][usize::from(digit - 1)]
    }

    /// Calls `f` on each peer of `cell` where `digit` still has a place, in
    /// SE's order (box, row, column; a peer in the box and in the line comes
    /// once, from the box), until `f` returns true; says whether it did.
    /// The reference for the peers [`LinkTable::of`] lists.
    #[cfg(test)]
    pub(in crate::logic) fn any_peer(
        &self,
        cell: usize,
        digit: u8,
        mut f: impl FnMut(usize) -> bool,
    ) -> bool {
        let mut seen = 1u128 << cell;
        for h in houses_of(cell) {
            let mut m = self.get(h, digit);
            while m != 0 {
                let c = HOUSES[h][m.trailing_zeros() as usize];
                m &= m - 1;
                if seen & (1 << c) == 0 {
                    seen |= 1 << c;
                    if f(c) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Removes a candidate from the three houses of its cell.
    pub(in crate::logic) fn remove(&mut self, cell: usize, digit: u8) {
        let d = usize::from(digit - 1);
        self.0[row_of(cell)][d] &= !(1 << col_of(cell));
        self.0[9 + col_of(cell)][d] &= !(1 << row_of(cell));
        self.0[18 + box_of(cell)][d] &= !(1 << ((row_of(cell) % 3) * 3 + col_of(cell) % 3));
    }
}

/// The index of a (cell, digit) pair in the seen tables.
pub(super) fn slot(cell: usize, digit: u8) -> usize {
    cell * 9 + usize::from(digit - 1)
}

/// Which candidates a tree has reached in one state: a candidate is seen
/// when its stamp is the tree's, so a new tree clears the table by taking
/// the next stamp instead of rewriting it.
pub(super) struct SeenTable {
    stamps: [u32; 729],
    current: u32,
}

impl SeenTable {
    fn new() -> SeenTable {
        SeenTable {
            stamps: [0; 729],
            current: 1,
        }
    }

    /// Forgets every candidate.
    fn clear(&mut self) {
        if self.current == u32::MAX {
            self.stamps = [0; 729];
            self.current = 0;
        }
        self.current += 1;
    }

    pub(super) fn get(&self, slot: usize) -> bool {
        self.stamps[slot] == self.current
    }

    pub(super) fn set(&mut self, slot: usize) {
        self.stamps[slot] = self.current;
    }
}

/// What each candidate of one board implies, on and off: the same
/// candidates come up in hundreds of trees of a pass, so their links are
/// listed once per board rather than found again per node. Each list
/// holds its links within the cell (Y) first, then those within houses
/// (X); a pass with one kind of links reads its part.
pub(super) struct LinkTable {
    /// Where each candidate's list starts in `items`: on lists at
    /// `2 * slot`, off lists at `2 * slot + 1`; one more entry closes the
    /// last.
    start: Vec<u32>,
    /// Where each list's links within houses start.
    split: Vec<u32>,
    /// The slot of each link's target: trees read it as their seen
    /// tables' index without working it out per link.
    items: Vec<u16>,
}

impl LinkTable {
    /// The links of every candidate of `board`, in SE's order and each
    /// once. An on node turns off the other digits of its cell, then the
    /// digit in its peers (box, row, column); an off node turns on the
    /// other digit of a bivalue cell, then the other place of the digit in
    /// each house where it has two.
    pub(super) fn of(board: &Board, places: &Places) -> LinkTable {
        let mut start = Vec::with_capacity(2 * 729 + 1);
        let mut split = Vec::with_capacity(2 * 729);
        let mut items: Vec<u16> = Vec::with_capacity(4096);
        for cell in 0..81 {
            let mask = board.candidates(cell);
            for digit in 1..=9u8 {
                let at = items.len() as u32;
                if mask & crate::logic::board::bit(digit) == 0 {
                    start.extend([at, at]);
                    split.extend([at, at]);
                    continue;
                }
                start.push(at);
                for d in crate::logic::board::digits(mask & !crate::logic::board::bit(digit)) {
                    items.push(slot(cell, d) as u16);
                }
                split.push(items.len() as u32);
                // The peers in `any_peer`'s order (box, row, column), each
                // once: the line's places in the box are the box's.
                let (r, col) = (row_of(cell), col_of(cell));
                let houses = [
                    (18 + box_of(cell), !(1u16 << ((r % 3) * 3 + col % 3))),
                    (r, !(0b111u16 << (col / 3 * 3))),
                    (9 + col, !(0b111u16 << (r / 3 * 3))),
                ];
                for (h, keep) in houses {
                    let mut m = places.get(h, digit) & keep;
                    while m != 0 {
                        items.push(slot(HOUSES[h][m.trailing_zeros() as usize], digit) as u16);
                        m &= m - 1;
                    }
                }
                let off = items.len();
                start.push(off as u32);
                if mask.count_ones() == 2 {
                    let other = mask & !crate::logic::board::bit(digit);
                    items.push(slot(cell, other.trailing_zeros() as u8 + 1) as u16);
                }
                split.push(items.len() as u32);
                let houses = items.len();
                for h in houses_of(cell) {
                    let m = places.get(h, digit);
                    if m.count_ones() == 2 {
                        let a = HOUSES[h][m.trailing_zeros() as usize];
                        let b = HOUSES[h][15 - m.leading_zeros() as usize];
                        let other = slot(if a == cell { b } else { a }, digit) as u16;
                        if !items[houses..].contains(&other) {
                            items.push(other);
                        }
                    }
                }
            }
        }
        start.push(items.len() as u32);
        LinkTable {
            start,
            split,
            items,
        }
    }

    /// What the candidate of `slot` in state `on` implies with `links`.
    fn get(&self, slot: usize, on: bool, links: Links) -> &[u16] {
        let k = 2 * slot + usize::from(!on);
        let (start, split, end) = (
            self.start[k] as usize,
            self.split[k] as usize,
            self.start[k + 1] as usize,
        );
        match links {
            Links::XY => &self.items[start..end],
            Links::X => &self.items[split..end],
            // Y: an on node turns off its cell's other digits and its
            // peers; an off node turns on the other digit of its cell.
            Links::Y if on => &self.items[start..end],
            Links::Y => &self.items[start..split],
        }
    }

    /// How many nodes the graph has: each candidate on and off.
    pub(super) fn nodes(&self) -> usize {
        self.start.len() - 1
    }

    /// Where in [`LinkTable::items`] lie the links of node `k` (on at
    /// `2 * slot`, off at `2 * slot + 1`) with both kinds of links, to
    /// nodes in the other state.
    pub(super) fn range_of(&self, k: usize) -> (u32, u32) {
        (self.start[k], self.start[k + 1])
    }

    /// Every node's links, one list after another.
    pub(super) fn items(&self) -> &[u16] {
        &self.items
    }
}

/// The nodes of a tree from its source to node `n`, in order.
pub(super) fn chain(nodes: &[Node], n: usize) -> Vec<Node> {
    let mut out = vec![nodes[n]];
    let mut at = nodes[n].parent();
    while let Some(p) = at {
        out.push(nodes[p]);
        at = nodes[p].parent();
    }
    out.reverse();
    out
}

/// The buffers of the trees, reused from tree to tree.
pub(super) struct Scratch {
    pub(super) nodes: Vec<Node>,
    pub(super) on_seen: SeenTable,
    pub(super) off_seen: SeenTable,
    pub(super) pending_on: Vec<usize>,
    pub(super) pending_off: Vec<usize>,
    pub(super) next: Vec<usize>,
    /// The off nodes above the on node a cycle tree is growing from.
    pub(super) ancestors: SeenTable,
    /// Per digit, a pattern of its cells on which the X pass found no
    /// hint with no length limit (see `pass`).
    pub(super) x_clear: [Option<u128>; 9],
    /// The graph of the last XY pass of a best-hint search.
    pub(super) xy_graph: Option<Box<XyGraph>>,
}

/// What each node reaches in the implication graph of both kinds of
/// links on one board.
pub(super) struct XyGraph {
    pub(super) board: Board,
    pub(super) reach: super::reach::Reach,
}

impl Scratch {
    pub(super) fn new() -> Scratch {
        Scratch {
            nodes: Vec::with_capacity(1024),
            on_seen: SeenTable::new(),
            off_seen: SeenTable::new(),
            pending_on: Vec::new(),
            pending_off: Vec::new(),
            next: Vec::new(),
            ancestors: SeenTable::new(),
            x_clear: [None; 9],
            xy_graph: None,
        }
    }
}

thread_local! {
    pub(super) static SCRATCH: std::cell::RefCell<Option<Box<Scratch>>> = const { std::cell::RefCell::new(None) };
}

/// The implication tree grown from one source node.
pub(super) struct Tree<'a> {
    pub(super) table: &'a LinkTable,
    /// The links the tree follows.
    pub(super) links: Links,
    pub(super) s: &'a mut Scratch,
    /// No chain of more nodes than this can be taken: the search stops
    /// growing the tree there.
    pub(super) max_nodes: usize,
}

impl<'a> Tree<'a> {
    pub(super) fn new(
        table: &'a LinkTable,
        links: Links,
        source: Node,
        s: &'a mut Scratch,
        max_nodes: usize,
    ) -> Tree<'a> {
        s.nodes.clear();
        s.nodes.push(source);
        s.on_seen.clear();
        s.off_seen.clear();
        let seen = if source.on {
            &mut s.on_seen
        } else {
            &mut s.off_seen
        };
        seen.set(source.slot());
        Tree {
            table,
            links,
            s,
            max_nodes,
        }
    }

    /// Pushes the candidate of slot `t` in state `on`, implied by node
    /// `parent`.
    pub(super) fn push(&mut self, t: usize, on: bool, parent: usize) -> usize {
        self.s.nodes.push(Node {
            slot: t as u16,
            on,
            parent: parent as u32,
        });
        self.s.nodes.len() - 1
    }

    /// Marks in `ancestors` the off nodes among the ancestors of node `n`,
    /// forgetting those of the node marked before: each of `n`'s links then
    /// asks the table instead of walking the chain again.
    fn mark_off_ancestors(&mut self, n: usize) {
        self.s.ancestors.clear();
        let mut at = self.s.nodes[n].parent();
        while let Some(p) = at {
            let node = self.s.nodes[p];
            if !node.on {
                self.s.ancestors.set(node.slot());
            }
            at = node.parent();
        }
    }

    /// The nodes from the source to node `n`, in order.
    pub(super) fn chain(&self, n: usize) -> Vec<Node> {
        chain(&self.s.nodes, n)
    }

    /// The loops back to the source (an on node), shortest first: each
    /// closing node is given to `closed` as soon as it is pushed, and the
    /// growth stops when `closed` returns true. An off node may be reached
    /// again by another path, as long as it is not its own ancestor; an on
    /// node only once.
    ///
    /// With the graph's components, only nodes of the source's component
    /// are grown: a node outside it never leads back to the source, and
    /// no node of the component is first reached through one (that node
    /// would lead back too), so the loops and their chains are the same.
    pub(super) fn cycles(
        &mut self,
        components: Option<&super::scc::Components>,
        mut closed: impl FnMut(&[Node], usize) -> bool,
    ) {
        let source = self.s.nodes[0];
        let source_slot = source.slot();
        let home = components.and_then(|c| c.of_node(2 * source_slot));
        let inside = |node: usize| match (components, home) {
            (Some(c), Some(h)) => c.of_node(node) == Some(h),
            _ => true,
        };
        self.s.pending_on.clear();
        self.s.pending_on.push(0);
        self.s.pending_off.clear();
        let table = self.table;
        let mut length = 0usize;
        while !self.s.pending_on.is_empty() || !self.s.pending_off.is_empty() {
            // A loop closed after `length` links has `length` nodes; the
            // next ones close two links further.
            if length.saturating_add(2) > self.max_nodes {
                break;
            }
            length += 1;
            std::mem::swap(&mut self.s.pending_on, &mut self.s.next);
            for i in 0..self.s.next.len() {
                let p = self.s.next[i];
                let at = self.s.nodes[p].slot();
                self.mark_off_ancestors(p);
                for &t in table.get(at, true, self.links) {
                    let t = usize::from(t);
                    if inside(2 * t + 1) && !self.s.ancestors.get(t) {
                        let n = self.push(t, false, p);
                        self.s.pending_off.push(n);
                    }
                }
            }
            self.s.next.clear();
            length += 1;
            std::mem::swap(&mut self.s.pending_off, &mut self.s.next);
            for i in 0..self.s.next.len() {
                let p = self.s.next[i];
                let at = self.s.nodes[p].slot();
                for &t in table.get(at, false, self.links) {
                    let t = usize::from(t);
                    let is_source = t == source_slot;
                    if length >= 4 && is_source {
                        let n = self.push(t, true, p);
                        if closed(&self.s.nodes, n) {
                            self.s.next.clear();
                            return;
                        }
                    }
                    if !self.s.on_seen.get(t) && inside(2 * t) {
                        self.s.on_seen.set(t);
                        let n = self.push(t, true, p);
                        self.s.pending_on.push(n);
                    }
                }
            }
            self.s.next.clear();
        }
    }

    /// The first chain that ends on the source's candidate in the other
    /// state: from an on source its off node (the candidate is false), from
    /// an off source its on node (it is true).
    pub(super) fn forcing(&mut self) -> Option<usize> {
        let source = self.s.nodes[0];
        self.s.pending_on.clear();
        self.s.pending_off.clear();
        if source.on {
            self.s.pending_on.push(0);
        } else {
            self.s.pending_off.push(0);
        }
        let source_slot = source.slot();
        // The table's off lists follow X links when its pass has them,
        // and this search runs only in such passes.
        let table = self.table;
        // Each turn grows a layer of off nodes, then one of on nodes; the
        // first layer of turn k lies 2k - 1 links from an on source, 2k - 2
        // from an off one (whose first turn only grows on nodes).
        let mut turn = 0usize;
        while !self.s.pending_on.is_empty() || !self.s.pending_off.is_empty() {
            turn += 1;
            let depth = if source.on {
                2 * turn - 1
            } else {
                (2 * turn - 2).max(1)
            };
            if depth + 1 > self.max_nodes {
                return None;
            }
            std::mem::swap(&mut self.s.pending_on, &mut self.s.next);
            for i in 0..self.s.next.len() {
                let p = self.s.next[i];
                let at = self.s.nodes[p].slot();
                for &t in table.get(at, true, self.links) {
                    let t = usize::from(t);
                    if source.on && t == source_slot {
                        self.s.next.clear();
                        return Some(self.push(t, false, p));
                    }
                    if !self.s.off_seen.get(t) {
                        self.s.off_seen.set(t);
                        let n = self.push(t, false, p);
                        self.s.pending_off.push(n);
                    }
                }
            }
            self.s.next.clear();
            std::mem::swap(&mut self.s.pending_off, &mut self.s.next);
            for i in 0..self.s.next.len() {
                let p = self.s.next[i];
                let at = self.s.nodes[p].slot();
                for &t in table.get(at, false, self.links) {
                    let t = usize::from(t);
                    if !source.on && t == source_slot {
                        self.s.next.clear();
                        return Some(self.push(t, true, p));
                    }
                    if !self.s.on_seen.get(t) {
                        self.s.on_seen.set(t);
                        let n = self.push(t, true, p);
                        self.s.pending_on.push(n);
                    }
                }
            }
            self.s.next.clear();
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The peers each on node's list holds are those `any_peer` gives, in
    /// its order, on each board of a solving path.
    #[test]
    fn link_table_peers_follow_any_peer() {
        let grid: crate::Grid =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
                .parse()
                .expect("a puzzle");
        let mut board = Board::from_grid(&grid);
        let mut boards = 0;
        while let Some(step) = crate::logic::next_step(&board) {
            let places = Places::of(&board);
            let table = LinkTable::of(&board, &places);
            for cell in 0..81 {
                for digit in crate::logic::board::digits(board.candidates(cell)) {
                    let mut peers = Vec::new();
                    places.any_peer(cell, digit, |c| {
                        peers.push(slot(c, digit) as u16);
                        false
                    });
                    assert_eq!(table.get(slot(cell, digit), true, Links::X), &peers[..]);
                }
            }
            boards += 1;
            board.apply(&step);
        }
        assert!(boards > 50, "{boards}");
    }
}
