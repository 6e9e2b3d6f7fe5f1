
use builtin;
use str;

set edit:completion:arg-completer[sudokit] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'sudokit'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'sudokit'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand solve 'Solve every puzzle and print the solutions'
            cand validate 'Check that no digit repeats in any row, column or box'
            cand batch 'Solve many files and directories on every core'
            cand rate 'Rate every puzzle on Sudoku Explainer''s scale (ER/EP/ED and a level)'
            cand explain 'Print the logical solving path of every puzzle, step by step'
            cand hint 'Print the next logical step from the position given'
            cand generate 'Make new puzzles with exactly one solution'
            cand canon 'Print each puzzle''s canonical (minlex) form: one name per class'
            cand shuffle 'Print random isomorphs of each puzzle (rearranged and relabelled)'
            cand completions 'Print a shell completion script (or the man page)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'sudokit;solve'= {
            cand -f 'Input format (auto: decided per input from its first data)'
            cand --format 'Input format (auto: decided per input from its first data)'
            cand --to 'Layout of printed boards (default: the layout of the input)'
            cand --limit 'Most solutions to count or print with --count and --all'
            cand --json 'Write one JSON object per puzzle (JSON Lines) instead of text'
            cand --line-buffered 'Flush output after every puzzle (for streaming pipelines)'
            cand --unique 'Treat a puzzle with more than one solution as a failure (multiple)'
            cand --count 'Print the number of solutions instead of a board'
            cand --all 'Print every solution (up to --limit)'
            cand --stats 'Add search figures (guesses, propagation steps, time)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'sudokit;validate'= {
            cand -f 'Input format (auto: decided per input from its first data)'
            cand --format 'Input format (auto: decided per input from its first data)'
            cand --json 'Write one JSON object per puzzle (JSON Lines) instead of text'
            cand --line-buffered 'Flush output after every puzzle (for streaming pipelines)'
            cand --complete 'A board with blank cells is invalid (checks a finished solution)'
            cand --solvable 'Also require at least one solution'
            cand --unique 'Also require exactly one solution'
            cand -q 'Print nothing; the exit status answers'
            cand --quiet 'Print nothing; the exit status answers'
            cand -H 'Start each verdict line with its input''s name (the default when several inputs are named)'
            cand --with-filename 'Start each verdict line with its input''s name (the default when several inputs are named)'
            cand --no-filename 'Never start a verdict line with its input''s name'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'sudokit;batch'= {
            cand -f 'Input format (auto: decided per input from its first data)'
            cand --format 'Input format (auto: decided per input from its first data)'
            cand --to 'Layout of the boards written under --out (default: each input''s)'
            cand --glob 'Only files whose name matches this glob (e.g. ''*.txt''); ''!GLOB'' leaves matching files out; may be repeated, the last match wins'
            cand -j 'Worker threads (default: every core)'
            cand --jobs 'Worker threads (default: every core)'
            cand --out 'Write each input''s solutions to a file at the same relative path under DIR'
            cand --progress 'When to show a progress bar on standard error'
            cand --json 'Write one JSON object per puzzle (JSON Lines) instead of text'
            cand --line-buffered 'Flush output after every puzzle (for streaming pipelines)'
            cand -r 'Descend into subdirectories'
            cand --recursive 'Descend into subdirectories'
            cand --strict 'A file found in a directory that is not puzzle text (binary, or no puzzle in its first entries) is an error, as a file named is, rather than skipped with a note'
            cand -q 'No summary and no progress bar on standard error (errors are still reported there)'
            cand --quiet 'No summary and no progress bar on standard error (errors are still reported there)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'sudokit;rate'= {
            cand -f 'Input format (auto: decided per input from its first data)'
            cand --format 'Input format (auto: decided per input from its first data)'
            cand -j 'Worker threads (default: every core)'
            cand --jobs 'Worker threads (default: every core)'
            cand --progress 'When to show a progress bar on standard error'
            cand --json 'Write one JSON object per puzzle (JSON Lines) instead of text'
            cand --line-buffered 'Flush output after every puzzle (for streaming pipelines)'
            cand -H 'Start each verdict line with its input''s name (the default when several inputs are named)'
            cand --with-filename 'Start each verdict line with its input''s name (the default when several inputs are named)'
            cand --no-filename 'Never start a verdict line with its input''s name'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'sudokit;explain'= {
            cand -f 'Input format (auto: decided per input from its first data)'
            cand --format 'Input format (auto: decided per input from its first data)'
            cand --json 'Write one JSON object per puzzle (JSON Lines) instead of text'
            cand --line-buffered 'Flush output after every puzzle (for streaming pipelines)'
            cand --grid 'Print the candidate grid before each step'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'sudokit;hint'= {
            cand -f 'Input format (auto: decided per input from its first data)'
            cand --format 'Input format (auto: decided per input from its first data)'
            cand --json 'Write one JSON object per puzzle (JSON Lines) instead of text'
            cand --line-buffered 'Flush output after every puzzle (for streaming pipelines)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'sudokit;generate'= {
            cand -n 'How many puzzles to make (default 1, or one per entry of --from)'
            cand --number 'How many puzzles to make (default 1, or one per entry of --from)'
            cand --seed 'Seed of the random choices: the same seed gives the same puzzles, whatever --jobs or CPU (default: a random seed)'
            cand --symmetry 'Symmetry of the pattern of givens'
            cand --givens 'A number of givens in this range instead (e.g. 28-32, or 30)'
            cand --rating 'Only puzzles whose ER (as sudokit rate gives it) lies in this range (e.g. 3.0-5.5, or 4.5)'
            cand --level 'Only puzzles of this level (as sudokit rate names levels)'
            cand --from 'Make the puzzles from the solution grids in FILE, or fill the patterns of givens in it (lines of x and ., or puzzles whose givens are used)'
            cand --to 'Layout of printed boards'
            cand -j 'Worker threads (default: every core)'
            cand --jobs 'Worker threads (default: every core)'
            cand --progress 'When to show a progress bar on standard error'
            cand --timeout 'Stop after this many seconds, printing the puzzles made by then'
            cand --minimal 'Minimal puzzles: no given can be removed (the default)'
            cand --json 'Write one JSON object per puzzle (JSON Lines) instead of text'
            cand --line-buffered 'Flush output after every puzzle (for streaming pipelines)'
            cand -v 'Say the seed, and the time taken, on standard error'
            cand --verbose 'Say the seed, and the time taken, on standard error'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'sudokit;canon'= {
            cand -f 'Input format (auto: decided per input from its first data)'
            cand --format 'Input format (auto: decided per input from its first data)'
            cand --to 'Layout of printed forms (default: one 81-character line, 0 for blanks)'
            cand --form 'Which canonical form to print'
            cand -j 'Worker threads (default: 1)'
            cand --jobs 'Worker threads (default: 1)'
            cand --json 'Write one JSON object per puzzle (JSON Lines) instead of text'
            cand --line-buffered 'Flush output after every puzzle (for streaming pipelines)'
            cand --dedupe 'Keep only the first puzzle of each class, in input order; the number dropped goes to standard error'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'sudokit;shuffle'= {
            cand -f 'Input format (auto: decided per input from its first data)'
            cand --format 'Input format (auto: decided per input from its first data)'
            cand --to 'Layout of printed boards (default: the layout of the input)'
            cand -n 'Random isomorphs to print per puzzle'
            cand --copies 'Random isomorphs to print per puzzle'
            cand --seed 'Seed of the random choices (default: a random one, given with -v)'
            cand --json 'Write one JSON object per puzzle (JSON Lines) instead of text'
            cand --line-buffered 'Flush output after every puzzle (for streaming pipelines)'
            cand -v 'Say the seed used on standard error'
            cand --verbose 'Say the seed used on standard error'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'sudokit;completions'= {
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'sudokit;help'= {
            cand solve 'Solve every puzzle and print the solutions'
            cand validate 'Check that no digit repeats in any row, column or box'
            cand batch 'Solve many files and directories on every core'
            cand rate 'Rate every puzzle on Sudoku Explainer''s scale (ER/EP/ED and a level)'
            cand explain 'Print the logical solving path of every puzzle, step by step'
            cand hint 'Print the next logical step from the position given'
            cand generate 'Make new puzzles with exactly one solution'
            cand canon 'Print each puzzle''s canonical (minlex) form: one name per class'
            cand shuffle 'Print random isomorphs of each puzzle (rearranged and relabelled)'
            cand completions 'Print a shell completion script (or the man page)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'sudokit;help;solve'= {
        }
        &'sudokit;help;validate'= {
        }
        &'sudokit;help;batch'= {
        }
        &'sudokit;help;rate'= {
        }
        &'sudokit;help;explain'= {
        }
        &'sudokit;help;hint'= {
        }
        &'sudokit;help;generate'= {
        }
        &'sudokit;help;canon'= {
        }
        &'sudokit;help;shuffle'= {
        }
        &'sudokit;help;completions'= {
        }
        &'sudokit;help;help'= {
        }
    ]
    $completions[$command]
}
