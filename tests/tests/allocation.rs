//! A random playout allocates nothing per placement once the game is set
//! up: the board, the strings, the position history and the event buffers
//! are all sized in advance or reused. Counted with dhat's allocator in
//! testing mode (this test binary only).

use tengen_core::{Action, Game, Phase, Point, ToAct};

#[global_allocator]
static ALLOCATOR: dhat::Alloc = dhat::Alloc;

fn allocations() -> u64 {
    dhat::HeapStats::get().total_blocks
}

#[test]
fn a_playout_allocates_nothing_per_placement_or_legality_probe() {
    let _profiler = dhat::Profiler::builder().testing().build();
    for ruleset in ["go", "tromp-taylor"] {
        let rules = tengen_variants::library().assemble(ruleset, &[]).unwrap();
        let mut game = Game::new(rules).without_undo();
        let n = game.rules().geometry.point_count();
        let mut empties: Vec<Point> = Vec::with_capacity(n);
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        // Warm up: the event buffers reach their working size.
        let mut played = 0;
        let mut before = 0;
        while game.state().phase() == Phase::Play && played < 300 {
            if played == 40 {
                before = allocations();
            }
            let ToAct::Seat(seat) = game.to_act() else {
                break;
            };
            empties.clear();
            empties.extend(game.board().empty_points());
            let mut action = Action::Pass;
            while !empties.is_empty() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let p = empties.swap_remove((seed % empties.len() as u64) as usize);
                if game.is_legal_placement(seat, p) {
                    action = Action::Place(p);
                    break;
                }
            }
            game.apply(seat, action).unwrap();
            played += 1;
        }
        let allocated = allocations() - before;
        assert!(
            played > 200,
            "{ruleset}: the playout ran ({played} actions)"
        );
        assert_eq!(
            allocated,
            0,
            "{ruleset}: {allocated} allocations in {} actions",
            played - 40
        );
    }
}
