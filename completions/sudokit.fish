# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_sudokit_global_optspecs
    string join \n h/help V/version
end

function __fish_sudokit_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_sudokit_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_sudokit_using_subcommand
    set -l cmd (__fish_sudokit_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c sudokit -n "__fish_sudokit_needs_command" -s h -l help -d 'Print help'
complete -c sudokit -n "__fish_sudokit_needs_command" -s V -l version -d 'Print version'
complete -c sudokit -n "__fish_sudokit_needs_command" -f -a "solve" -d 'Solve every puzzle and print the solutions'
complete -c sudokit -n "__fish_sudokit_needs_command" -f -a "validate" -d 'Check that no digit repeats in any row, column or box'
complete -c sudokit -n "__fish_sudokit_needs_command" -f -a "batch" -d 'Solve many files and directories on every core'
complete -c sudokit -n "__fish_sudokit_needs_command" -f -a "rate" -d 'Rate every puzzle on Sudoku Explainer\'s scale (ER/EP/ED and a level)'
complete -c sudokit -n "__fish_sudokit_needs_command" -f -a "explain" -d 'Print the logical solving path of every puzzle, step by step'
complete -c sudokit -n "__fish_sudokit_needs_command" -f -a "hint" -d 'Print the next logical step from the position given'
complete -c sudokit -n "__fish_sudokit_needs_command" -f -a "generate" -d 'Make new puzzles with exactly one solution'
complete -c sudokit -n "__fish_sudokit_needs_command" -f -a "canon" -d 'Print each puzzle\'s canonical (minlex) form: one name per class'
complete -c sudokit -n "__fish_sudokit_needs_command" -f -a "shuffle" -d 'Print random isomorphs of each puzzle (rearranged and relabelled)'
complete -c sudokit -n "__fish_sudokit_needs_command" -f -a "completions" -d 'Print a shell completion script (or the man page)'
complete -c sudokit -n "__fish_sudokit_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c sudokit -n "__fish_sudokit_using_subcommand solve" -s f -l format -d 'Input format (auto: decided per input from its first data)' -r -f -a "auto\t'Decide per input from its first data'
boj\t'81 numbers 0-9 separated by white space (BOJ 2580): 9 to a line, or 1, 3, 27 or 81'
leetcode\t'A 9×9 array of one-character strings, as in LeetCode 36/37 or pasted from code'
line\t'One puzzle per line, 81 cell characters'
json\t'JSON: 9×9 arrays, 81-character strings or objects; JSON Lines for several'
grid\t'A board drawn for people, with | - + = as decoration'
records\t'sudokit batch\'s text output read back: path:index: then 81 cells'
pencilmarks\t'A board with pencil marks: the 729-character line or the boxed candidate grid'"
complete -c sudokit -n "__fish_sudokit_using_subcommand solve" -l to -d 'Layout of printed boards (default: the layout of the input)' -r -f -a "boj\t'9 lines of 9 space-separated digits (BOJ 2580)'
leetcode\t'A 9×9 JSON array of one-character strings (LeetCode 37)'
line\t'One 81-character line per board'
json\t'A 9×9 JSON array of numbers per line'
grid\t'A board drawn for people'
pencilmarks\t'A 729-character line of candidates per board (blanks: every digit)'"
complete -c sudokit -n "__fish_sudokit_using_subcommand solve" -l limit -d 'Most solutions to count or print with --count and --all' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand solve" -l json -d 'Write one JSON object per puzzle (JSON Lines) instead of text'
complete -c sudokit -n "__fish_sudokit_using_subcommand solve" -l line-buffered -d 'Flush output after every puzzle (for streaming pipelines)'
complete -c sudokit -n "__fish_sudokit_using_subcommand solve" -l unique -d 'Treat a puzzle with more than one solution as a failure (multiple)'
complete -c sudokit -n "__fish_sudokit_using_subcommand solve" -l count -d 'Print the number of solutions instead of a board'
complete -c sudokit -n "__fish_sudokit_using_subcommand solve" -l all -d 'Print every solution (up to --limit)'
complete -c sudokit -n "__fish_sudokit_using_subcommand solve" -l stats -d 'Add search figures (guesses, propagation steps, time)'
complete -c sudokit -n "__fish_sudokit_using_subcommand solve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c sudokit -n "__fish_sudokit_using_subcommand solve" -s V -l version -d 'Print version'
complete -c sudokit -n "__fish_sudokit_using_subcommand validate" -s f -l format -d 'Input format (auto: decided per input from its first data)' -r -f -a "auto\t'Decide per input from its first data'
boj\t'81 numbers 0-9 separated by white space (BOJ 2580): 9 to a line, or 1, 3, 27 or 81'
leetcode\t'A 9×9 array of one-character strings, as in LeetCode 36/37 or pasted from code'
line\t'One puzzle per line, 81 cell characters'
json\t'JSON: 9×9 arrays, 81-character strings or objects; JSON Lines for several'
grid\t'A board drawn for people, with | - + = as decoration'
records\t'sudokit batch\'s text output read back: path:index: then 81 cells'
pencilmarks\t'A board with pencil marks: the 729-character line or the boxed candidate grid'"
complete -c sudokit -n "__fish_sudokit_using_subcommand validate" -l json -d 'Write one JSON object per puzzle (JSON Lines) instead of text'
complete -c sudokit -n "__fish_sudokit_using_subcommand validate" -l line-buffered -d 'Flush output after every puzzle (for streaming pipelines)'
complete -c sudokit -n "__fish_sudokit_using_subcommand validate" -l complete -d 'A board with blank cells is invalid (checks a finished solution)'
complete -c sudokit -n "__fish_sudokit_using_subcommand validate" -l solvable -d 'Also require at least one solution'
complete -c sudokit -n "__fish_sudokit_using_subcommand validate" -l unique -d 'Also require exactly one solution'
complete -c sudokit -n "__fish_sudokit_using_subcommand validate" -s q -l quiet -d 'Print nothing; the exit status answers'
complete -c sudokit -n "__fish_sudokit_using_subcommand validate" -s H -l with-filename -d 'Start each verdict line with its input\'s name (the default when several inputs are named)'
complete -c sudokit -n "__fish_sudokit_using_subcommand validate" -l no-filename -d 'Never start a verdict line with its input\'s name'
complete -c sudokit -n "__fish_sudokit_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c sudokit -n "__fish_sudokit_using_subcommand validate" -s V -l version -d 'Print version'
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -s f -l format -d 'Input format (auto: decided per input from its first data)' -r -f -a "auto\t'Decide per input from its first data'
boj\t'81 numbers 0-9 separated by white space (BOJ 2580): 9 to a line, or 1, 3, 27 or 81'
leetcode\t'A 9×9 array of one-character strings, as in LeetCode 36/37 or pasted from code'
line\t'One puzzle per line, 81 cell characters'
json\t'JSON: 9×9 arrays, 81-character strings or objects; JSON Lines for several'
grid\t'A board drawn for people, with | - + = as decoration'
records\t'sudokit batch\'s text output read back: path:index: then 81 cells'
pencilmarks\t'A board with pencil marks: the 729-character line or the boxed candidate grid'"
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -l to -d 'Layout of the boards written under --out (default: each input\'s)' -r -f -a "boj\t'9 lines of 9 space-separated digits (BOJ 2580)'
leetcode\t'A 9×9 JSON array of one-character strings (LeetCode 37)'
line\t'One 81-character line per board'
json\t'A 9×9 JSON array of numbers per line'
grid\t'A board drawn for people'
pencilmarks\t'A 729-character line of candidates per board (blanks: every digit)'"
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -l glob -d 'Only files whose name matches this glob (e.g. \'*.txt\'); \'!GLOB\' leaves matching files out; may be repeated, the last match wins' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -s j -l jobs -d 'Worker threads (default: every core)' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -l out -d 'Write each input\'s solutions to a file at the same relative path under DIR' -r -f -a "(__fish_complete_directories)"
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -l progress -d 'When to show a progress bar on standard error' -r -f -a "auto\t'Only when standard error is a terminal'
always\t'Always'
never\t'Never'"
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -l json -d 'Write one JSON object per puzzle (JSON Lines) instead of text'
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -l line-buffered -d 'Flush output after every puzzle (for streaming pipelines)'
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -s r -l recursive -d 'Descend into subdirectories'
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -l strict -d 'A file found in a directory that is not puzzle text (binary, or no puzzle in its first entries) is an error, as a file named is, rather than skipped with a note'
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -s q -l quiet -d 'No summary and no progress bar on standard error (errors are still reported there)'
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c sudokit -n "__fish_sudokit_using_subcommand batch" -s V -l version -d 'Print version'
complete -c sudokit -n "__fish_sudokit_using_subcommand rate" -s f -l format -d 'Input format (auto: decided per input from its first data)' -r -f -a "auto\t'Decide per input from its first data'
boj\t'81 numbers 0-9 separated by white space (BOJ 2580): 9 to a line, or 1, 3, 27 or 81'
leetcode\t'A 9×9 array of one-character strings, as in LeetCode 36/37 or pasted from code'
line\t'One puzzle per line, 81 cell characters'
json\t'JSON: 9×9 arrays, 81-character strings or objects; JSON Lines for several'
grid\t'A board drawn for people, with | - + = as decoration'
records\t'sudokit batch\'s text output read back: path:index: then 81 cells'
pencilmarks\t'A board with pencil marks: the 729-character line or the boxed candidate grid'"
complete -c sudokit -n "__fish_sudokit_using_subcommand rate" -s j -l jobs -d 'Worker threads (default: every core)' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand rate" -l progress -d 'When to show a progress bar on standard error' -r -f -a "auto\t'Only when standard error is a terminal'
always\t'Always'
never\t'Never'"
complete -c sudokit -n "__fish_sudokit_using_subcommand rate" -l json -d 'Write one JSON object per puzzle (JSON Lines) instead of text'
complete -c sudokit -n "__fish_sudokit_using_subcommand rate" -l line-buffered -d 'Flush output after every puzzle (for streaming pipelines)'
complete -c sudokit -n "__fish_sudokit_using_subcommand rate" -s H -l with-filename -d 'Start each verdict line with its input\'s name (the default when several inputs are named)'
complete -c sudokit -n "__fish_sudokit_using_subcommand rate" -l no-filename -d 'Never start a verdict line with its input\'s name'
complete -c sudokit -n "__fish_sudokit_using_subcommand rate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c sudokit -n "__fish_sudokit_using_subcommand rate" -s V -l version -d 'Print version'
complete -c sudokit -n "__fish_sudokit_using_subcommand explain" -s f -l format -d 'Input format (auto: decided per input from its first data)' -r -f -a "auto\t'Decide per input from its first data'
boj\t'81 numbers 0-9 separated by white space (BOJ 2580): 9 to a line, or 1, 3, 27 or 81'
leetcode\t'A 9×9 array of one-character strings, as in LeetCode 36/37 or pasted from code'
line\t'One puzzle per line, 81 cell characters'
json\t'JSON: 9×9 arrays, 81-character strings or objects; JSON Lines for several'
grid\t'A board drawn for people, with | - + = as decoration'
records\t'sudokit batch\'s text output read back: path:index: then 81 cells'
pencilmarks\t'A board with pencil marks: the 729-character line or the boxed candidate grid'"
complete -c sudokit -n "__fish_sudokit_using_subcommand explain" -l json -d 'Write one JSON object per puzzle (JSON Lines) instead of text'
complete -c sudokit -n "__fish_sudokit_using_subcommand explain" -l line-buffered -d 'Flush output after every puzzle (for streaming pipelines)'
complete -c sudokit -n "__fish_sudokit_using_subcommand explain" -l grid -d 'Print the candidate grid before each step'
complete -c sudokit -n "__fish_sudokit_using_subcommand explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c sudokit -n "__fish_sudokit_using_subcommand explain" -s V -l version -d 'Print version'
complete -c sudokit -n "__fish_sudokit_using_subcommand hint" -s f -l format -d 'Input format (auto: decided per input from its first data)' -r -f -a "auto\t'Decide per input from its first data'
boj\t'81 numbers 0-9 separated by white space (BOJ 2580): 9 to a line, or 1, 3, 27 or 81'
leetcode\t'A 9×9 array of one-character strings, as in LeetCode 36/37 or pasted from code'
line\t'One puzzle per line, 81 cell characters'
json\t'JSON: 9×9 arrays, 81-character strings or objects; JSON Lines for several'
grid\t'A board drawn for people, with | - + = as decoration'
records\t'sudokit batch\'s text output read back: path:index: then 81 cells'
pencilmarks\t'A board with pencil marks: the 729-character line or the boxed candidate grid'"
complete -c sudokit -n "__fish_sudokit_using_subcommand hint" -l json -d 'Write one JSON object per puzzle (JSON Lines) instead of text'
complete -c sudokit -n "__fish_sudokit_using_subcommand hint" -l line-buffered -d 'Flush output after every puzzle (for streaming pipelines)'
complete -c sudokit -n "__fish_sudokit_using_subcommand hint" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c sudokit -n "__fish_sudokit_using_subcommand hint" -s V -l version -d 'Print version'
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -s n -l number -d 'How many puzzles to make (default 1, or one per entry of --from)' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -l seed -d 'Seed of the random choices: the same seed gives the same puzzles, whatever --jobs or CPU (default: a random seed)' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -l symmetry -d 'Symmetry of the pattern of givens' -r -f -a "none\t'No symmetry'
rotational\t'Half-turn: r,c and 10-r,10-c'
quarter-turn\t'Quarter-turn: the pattern looks the same turned by 90°'
diagonal\t'Mirror in the main diagonal: r,c and c,r'
antidiagonal\t'Mirror in the anti-diagonal: r,c and 10-c,10-r'
horizontal\t'Mirror top to bottom: r,c and 10-r,c'
vertical\t'Mirror left to right: r,c and r,10-c'
dihedral\t'All eight symmetries of the square at once'"
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -l givens -d 'A number of givens in this range instead (e.g. 28-32, or 30)' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -l rating -d 'Only puzzles whose ER (as sudokit rate gives it) lies in this range (e.g. 3.0-5.5, or 4.5)' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -l level -d 'Only puzzles of this level (as sudokit rate names levels)' -r -f -a "easy\t'ER up to 2.5'
medium\t'ER 2.6 to 5.9'
hard\t'ER 6.0 to 7.9'
very-hard\t'ER 8.0 to 8.9'
extreme\t'ER 9.0 and up'"
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -l from -d 'Make the puzzles from the solution grids in FILE, or fill the patterns of givens in it (lines of x and ., or puzzles whose givens are used)' -r -F
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -l to -d 'Layout of printed boards' -r -f -a "boj\t'9 lines of 9 space-separated digits (BOJ 2580)'
leetcode\t'A 9×9 JSON array of one-character strings (LeetCode 37)'
line\t'One 81-character line per board'
json\t'A 9×9 JSON array of numbers per line'
grid\t'A board drawn for people'
pencilmarks\t'A 729-character line of candidates per board (blanks: every digit)'"
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -s j -l jobs -d 'Worker threads (default: every core)' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -l progress -d 'When to show a progress bar on standard error' -r -f -a "auto\t'Only when standard error is a terminal'
always\t'Always'
never\t'Never'"
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -l timeout -d 'Stop after this many seconds, printing the puzzles made by then' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -l minimal -d 'Minimal puzzles: no given can be removed (the default)'
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -l json -d 'Write one JSON object per puzzle (JSON Lines) instead of text'
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -l line-buffered -d 'Flush output after every puzzle (for streaming pipelines)'
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -s v -l verbose -d 'Say the seed, and the time taken, on standard error'
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c sudokit -n "__fish_sudokit_using_subcommand generate" -s V -l version -d 'Print version'
complete -c sudokit -n "__fish_sudokit_using_subcommand canon" -s f -l format -d 'Input format (auto: decided per input from its first data)' -r -f -a "auto\t'Decide per input from its first data'
boj\t'81 numbers 0-9 separated by white space (BOJ 2580): 9 to a line, or 1, 3, 27 or 81'
leetcode\t'A 9×9 array of one-character strings, as in LeetCode 36/37 or pasted from code'
line\t'One puzzle per line, 81 cell characters'
json\t'JSON: 9×9 arrays, 81-character strings or objects; JSON Lines for several'
grid\t'A board drawn for people, with | - + = as decoration'
records\t'sudokit batch\'s text output read back: path:index: then 81 cells'
pencilmarks\t'A board with pencil marks: the 729-character line or the boxed candidate grid'"
complete -c sudokit -n "__fish_sudokit_using_subcommand canon" -l to -d 'Layout of printed forms (default: one 81-character line, 0 for blanks)' -r -f -a "boj\t'9 lines of 9 space-separated digits (BOJ 2580)'
leetcode\t'A 9×9 JSON array of one-character strings (LeetCode 37)'
line\t'One 81-character line per board'
json\t'A 9×9 JSON array of numbers per line'
grid\t'A board drawn for people'
pencilmarks\t'A 729-character line of candidates per board (blanks: every digit)'"
complete -c sudokit -n "__fish_sudokit_using_subcommand canon" -l form -d 'Which canonical form to print' -r -f -a "minlex\t'The smallest string over every isomorph'
pattern\t'The smallest pattern of givens first, then the smallest digits'"
complete -c sudokit -n "__fish_sudokit_using_subcommand canon" -s j -l jobs -d 'Worker threads (default: 1)' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand canon" -l json -d 'Write one JSON object per puzzle (JSON Lines) instead of text'
complete -c sudokit -n "__fish_sudokit_using_subcommand canon" -l line-buffered -d 'Flush output after every puzzle (for streaming pipelines)'
complete -c sudokit -n "__fish_sudokit_using_subcommand canon" -l dedupe -d 'Keep only the first puzzle of each class, in input order; the number dropped goes to standard error'
complete -c sudokit -n "__fish_sudokit_using_subcommand canon" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c sudokit -n "__fish_sudokit_using_subcommand canon" -s V -l version -d 'Print version'
complete -c sudokit -n "__fish_sudokit_using_subcommand shuffle" -s f -l format -d 'Input format (auto: decided per input from its first data)' -r -f -a "auto\t'Decide per input from its first data'
boj\t'81 numbers 0-9 separated by white space (BOJ 2580): 9 to a line, or 1, 3, 27 or 81'
leetcode\t'A 9×9 array of one-character strings, as in LeetCode 36/37 or pasted from code'
line\t'One puzzle per line, 81 cell characters'
json\t'JSON: 9×9 arrays, 81-character strings or objects; JSON Lines for several'
grid\t'A board drawn for people, with | - + = as decoration'
records\t'sudokit batch\'s text output read back: path:index: then 81 cells'
pencilmarks\t'A board with pencil marks: the 729-character line or the boxed candidate grid'"
complete -c sudokit -n "__fish_sudokit_using_subcommand shuffle" -l to -d 'Layout of printed boards (default: the layout of the input)' -r -f -a "boj\t'9 lines of 9 space-separated digits (BOJ 2580)'
leetcode\t'A 9×9 JSON array of one-character strings (LeetCode 37)'
line\t'One 81-character line per board'
json\t'A 9×9 JSON array of numbers per line'
grid\t'A board drawn for people'
pencilmarks\t'A 729-character line of candidates per board (blanks: every digit)'"
complete -c sudokit -n "__fish_sudokit_using_subcommand shuffle" -s n -l copies -d 'Random isomorphs to print per puzzle' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand shuffle" -l seed -d 'Seed of the random choices (default: a random one, given with -v)' -r
complete -c sudokit -n "__fish_sudokit_using_subcommand shuffle" -l json -d 'Write one JSON object per puzzle (JSON Lines) instead of text'
complete -c sudokit -n "__fish_sudokit_using_subcommand shuffle" -l line-buffered -d 'Flush output after every puzzle (for streaming pipelines)'
complete -c sudokit -n "__fish_sudokit_using_subcommand shuffle" -s v -l verbose -d 'Say the seed used on standard error'
complete -c sudokit -n "__fish_sudokit_using_subcommand shuffle" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c sudokit -n "__fish_sudokit_using_subcommand shuffle" -s V -l version -d 'Print version'
complete -c sudokit -n "__fish_sudokit_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c sudokit -n "__fish_sudokit_using_subcommand completions" -s V -l version -d 'Print version'
complete -c sudokit -n "__fish_sudokit_using_subcommand help; and not __fish_seen_subcommand_from solve validate batch rate explain hint generate canon shuffle completions help" -f -a "solve" -d 'Solve every puzzle and print the solutions'
complete -c sudokit -n "__fish_sudokit_using_subcommand help; and not __fish_seen_subcommand_from solve validate batch rate explain hint generate canon shuffle completions help" -f -a "validate" -d 'Check that no digit repeats in any row, column or box'
complete -c sudokit -n "__fish_sudokit_using_subcommand help; and not __fish_seen_subcommand_from solve validate batch rate explain hint generate canon shuffle completions help" -f -a "batch" -d 'Solve many files and directories on every core'
complete -c sudokit -n "__fish_sudokit_using_subcommand help; and not __fish_seen_subcommand_from solve validate batch rate explain hint generate canon shuffle completions help" -f -a "rate" -d 'Rate every puzzle on Sudoku Explainer\'s scale (ER/EP/ED and a level)'
complete -c sudokit -n "__fish_sudokit_using_subcommand help; and not __fish_seen_subcommand_from solve validate batch rate explain hint generate canon shuffle completions help" -f -a "explain" -d 'Print the logical solving path of every puzzle, step by step'
complete -c sudokit -n "__fish_sudokit_using_subcommand help; and not __fish_seen_subcommand_from solve validate batch rate explain hint generate canon shuffle completions help" -f -a "hint" -d 'Print the next logical step from the position given'
complete -c sudokit -n "__fish_sudokit_using_subcommand help; and not __fish_seen_subcommand_from solve validate batch rate explain hint generate canon shuffle completions help" -f -a "generate" -d 'Make new puzzles with exactly one solution'
complete -c sudokit -n "__fish_sudokit_using_subcommand help; and not __fish_seen_subcommand_from solve validate batch rate explain hint generate canon shuffle completions help" -f -a "canon" -d 'Print each puzzle\'s canonical (minlex) form: one name per class'
complete -c sudokit -n "__fish_sudokit_using_subcommand help; and not __fish_seen_subcommand_from solve validate batch rate explain hint generate canon shuffle completions help" -f -a "shuffle" -d 'Print random isomorphs of each puzzle (rearranged and relabelled)'
complete -c sudokit -n "__fish_sudokit_using_subcommand help; and not __fish_seen_subcommand_from solve validate batch rate explain hint generate canon shuffle completions help" -f -a "completions" -d 'Print a shell completion script (or the man page)'
complete -c sudokit -n "__fish_sudokit_using_subcommand help; and not __fish_seen_subcommand_from solve validate batch rate explain hint generate canon shuffle completions help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
