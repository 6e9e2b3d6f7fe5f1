
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'sudokit' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'sudokit'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'sudokit' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('solve', 'solve', [CompletionResultType]::ParameterValue, 'Solve every puzzle and print the solutions')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check that no digit repeats in any row, column or box')
            [CompletionResult]::new('batch', 'batch', [CompletionResultType]::ParameterValue, 'Solve many files and directories on every core')
            [CompletionResult]::new('rate', 'rate', [CompletionResultType]::ParameterValue, 'Rate every puzzle on Sudoku Explainer''s scale (ER/EP/ED and a level)')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Print the logical solving path of every puzzle, step by step')
            [CompletionResult]::new('hint', 'hint', [CompletionResultType]::ParameterValue, 'Print the next logical step from the position given')
            [CompletionResult]::new('generate', 'generate', [CompletionResultType]::ParameterValue, 'Make new puzzles with exactly one solution')
            [CompletionResult]::new('canon', 'canon', [CompletionResultType]::ParameterValue, 'Print each puzzle''s canonical (minlex) form: one name per class')
            [CompletionResult]::new('shuffle', 'shuffle', [CompletionResultType]::ParameterValue, 'Print random isomorphs of each puzzle (rearranged and relabelled)')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script (or the man page)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'sudokit;solve' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Layout of printed boards (default: the layout of the input)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Most solutions to count or print with --count and --all')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write one JSON object per puzzle (JSON Lines) instead of text')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush output after every puzzle (for streaming pipelines)')
            [CompletionResult]::new('--unique', '--unique', [CompletionResultType]::ParameterName, 'Treat a puzzle with more than one solution as a failure (multiple)')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Print the number of solutions instead of a board')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Print every solution (up to --limit)')
            [CompletionResult]::new('--stats', '--stats', [CompletionResultType]::ParameterName, 'Add search figures (guesses, propagation steps, time)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'sudokit;validate' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write one JSON object per puzzle (JSON Lines) instead of text')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush output after every puzzle (for streaming pipelines)')
            [CompletionResult]::new('--complete', '--complete', [CompletionResultType]::ParameterName, 'A board with blank cells is invalid (checks a finished solution)')
            [CompletionResult]::new('--solvable', '--solvable', [CompletionResultType]::ParameterName, 'Also require at least one solution')
            [CompletionResult]::new('--unique', '--unique', [CompletionResultType]::ParameterName, 'Also require exactly one solution')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing; the exit status answers')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing; the exit status answers')
            [CompletionResult]::new('-H', '-H ', [CompletionResultType]::ParameterName, 'Start each verdict line with its input''s name (the default when several inputs are named)')
            [CompletionResult]::new('--with-filename', '--with-filename', [CompletionResultType]::ParameterName, 'Start each verdict line with its input''s name (the default when several inputs are named)')
            [CompletionResult]::new('--no-filename', '--no-filename', [CompletionResultType]::ParameterName, 'Never start a verdict line with its input''s name')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'sudokit;batch' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Layout of the boards written under --out (default: each input''s)')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'Only files whose name matches this glob (e.g. ''*.txt''); ''!GLOB'' leaves matching files out; may be repeated, the last match wins')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (default: every core)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (default: every core)')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write each input''s solutions to a file at the same relative path under DIR')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'When to show a progress bar on standard error')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write one JSON object per puzzle (JSON Lines) instead of text')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush output after every puzzle (for streaming pipelines)')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Descend into subdirectories')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Descend into subdirectories')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'A file found in a directory that is not puzzle text (binary, or no puzzle in its first entries) is an error, as a file named is, rather than skipped with a note')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No summary and no progress bar on standard error (errors are still reported there)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No summary and no progress bar on standard error (errors are still reported there)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'sudokit;rate' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (default: every core)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (default: every core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'When to show a progress bar on standard error')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write one JSON object per puzzle (JSON Lines) instead of text')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush output after every puzzle (for streaming pipelines)')
            [CompletionResult]::new('-H', '-H ', [CompletionResultType]::ParameterName, 'Start each verdict line with its input''s name (the default when several inputs are named)')
            [CompletionResult]::new('--with-filename', '--with-filename', [CompletionResultType]::ParameterName, 'Start each verdict line with its input''s name (the default when several inputs are named)')
            [CompletionResult]::new('--no-filename', '--no-filename', [CompletionResultType]::ParameterName, 'Never start a verdict line with its input''s name')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'sudokit;explain' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write one JSON object per puzzle (JSON Lines) instead of text')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush output after every puzzle (for streaming pipelines)')
            [CompletionResult]::new('--grid', '--grid', [CompletionResultType]::ParameterName, 'Print the candidate grid before each step')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'sudokit;hint' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write one JSON object per puzzle (JSON Lines) instead of text')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush output after every puzzle (for streaming pipelines)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'sudokit;generate' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'How many puzzles to make (default 1, or one per entry of --from)')
            [CompletionResult]::new('--number', '--number', [CompletionResultType]::ParameterName, 'How many puzzles to make (default 1, or one per entry of --from)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the random choices: the same seed gives the same puzzles, whatever --jobs or CPU (default: a random seed)')
            [CompletionResult]::new('--symmetry', '--symmetry', [CompletionResultType]::ParameterName, 'Symmetry of the pattern of givens')
            [CompletionResult]::new('--givens', '--givens', [CompletionResultType]::ParameterName, 'A number of givens in this range instead (e.g. 28-32, or 30)')
            [CompletionResult]::new('--rating', '--rating', [CompletionResultType]::ParameterName, 'Only puzzles whose ER (as sudokit rate gives it) lies in this range (e.g. 3.0-5.5, or 4.5)')
            [CompletionResult]::new('--level', '--level', [CompletionResultType]::ParameterName, 'Only puzzles of this level (as sudokit rate names levels)')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Make the puzzles from the solution grids in FILE, or fill the patterns of givens in it (lines of x and ., or puzzles whose givens are used)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Layout of printed boards')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (default: every core)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (default: every core)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'When to show a progress bar on standard error')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Stop after this many seconds, printing the puzzles made by then')
            [CompletionResult]::new('--minimal', '--minimal', [CompletionResultType]::ParameterName, 'Minimal puzzles: no given can be removed (the default)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write one JSON object per puzzle (JSON Lines) instead of text')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush output after every puzzle (for streaming pipelines)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say the seed, and the time taken, on standard error')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say the seed, and the time taken, on standard error')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'sudokit;canon' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Layout of printed forms (default: one 81-character line, 0 for blanks)')
            [CompletionResult]::new('--form', '--form', [CompletionResultType]::ParameterName, 'Which canonical form to print')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (default: 1)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (default: 1)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write one JSON object per puzzle (JSON Lines) instead of text')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush output after every puzzle (for streaming pipelines)')
            [CompletionResult]::new('--dedupe', '--dedupe', [CompletionResultType]::ParameterName, 'Keep only the first puzzle of each class, in input order; the number dropped goes to standard error')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'sudokit;shuffle' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Input format (auto: decided per input from its first data)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Layout of printed boards (default: the layout of the input)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Random isomorphs to print per puzzle')
            [CompletionResult]::new('--copies', '--copies', [CompletionResultType]::ParameterName, 'Random isomorphs to print per puzzle')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the random choices (default: a random one, given with -v)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write one JSON object per puzzle (JSON Lines) instead of text')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush output after every puzzle (for streaming pipelines)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say the seed used on standard error')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say the seed used on standard error')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'sudokit;completions' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'sudokit;help' {
            [CompletionResult]::new('solve', 'solve', [CompletionResultType]::ParameterValue, 'Solve every puzzle and print the solutions')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check that no digit repeats in any row, column or box')
            [CompletionResult]::new('batch', 'batch', [CompletionResultType]::ParameterValue, 'Solve many files and directories on every core')
            [CompletionResult]::new('rate', 'rate', [CompletionResultType]::ParameterValue, 'Rate every puzzle on Sudoku Explainer''s scale (ER/EP/ED and a level)')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Print the logical solving path of every puzzle, step by step')
            [CompletionResult]::new('hint', 'hint', [CompletionResultType]::ParameterValue, 'Print the next logical step from the position given')
            [CompletionResult]::new('generate', 'generate', [CompletionResultType]::ParameterValue, 'Make new puzzles with exactly one solution')
            [CompletionResult]::new('canon', 'canon', [CompletionResultType]::ParameterValue, 'Print each puzzle''s canonical (minlex) form: one name per class')
            [CompletionResult]::new('shuffle', 'shuffle', [CompletionResultType]::ParameterValue, 'Print random isomorphs of each puzzle (rearranged and relabelled)')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script (or the man page)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'sudokit;help;solve' {
            break
        }
        'sudokit;help;validate' {
            break
        }
        'sudokit;help;batch' {
            break
        }
        'sudokit;help;rate' {
            break
        }
        'sudokit;help;explain' {
            break
        }
        'sudokit;help;hint' {
            break
        }
        'sudokit;help;generate' {
            break
        }
        'sudokit;help;canon' {
            break
        }
        'sudokit;help;shuffle' {
            break
        }
        'sudokit;help;completions' {
            break
        }
        'sudokit;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
