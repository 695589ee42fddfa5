#!/usr/bin/env bash
# The size of the catalog read path at each REV given (default: HEAD): every file that reads catalog data
# for GraphQL or REST (the read planner and its declarations, the catalog's resolvers, GraphQL types and
# inputs, loaders, services and REST routes and shapes), in lines and in code lines (not blank, not a
# comment line). The set is named by path patterns, so the same command measures the tree before the
# read planner (issue 25's base, f38c513) and after it: bench/README.md, "Lines of the catalog read path".
#   bash bench/catalog-lines.sh f38c513 HEAD
set -euo pipefail
pattern='^(src/read-planner/|db/schema/relations\.ts$'
pattern+='|resolvers/(attribute|attributes|concession|location|lookahead|market|media|movie|movie-list|page|person|reference|showtime|theatre|theatre-showtimes)(\.resolver)?\.ts$'
pattern+='|schema/(attribute|concession|location|market|media|movie|movie-list|paging|person|reference|showtime|theatre)\.(type|input)\.ts$'
pattern+='|src/loaders/(attribute|concession|media|movie|person|reference|showtime|theatre)\.loaders\.ts$'
pattern+='|src/services/(attribute|concession|location|market|media|movie-list|movie|person|personalized-movies|private-rental|reference|showtime|showtime-day|showtime-list|theatre)\.service\.ts$'
pattern+='|src/services/(showtime-query|showtime-view|page|geo)\.ts$'
pattern+='|src/services/(attribute|media|movie|person|reference|theatre)/'
pattern+='|src/services/concession/(index|model|read|store)\.ts$'
pattern+='|src/services/showtime/(index|list|model|query|read|store|view)\.ts$'
pattern+='|src/services/shared/(paging|geo|row-json|field-table)\.ts$'
pattern+='|src/rest/(catalog|concession|location|media|movie-list|personalized|reference|showtime)\.routes\.ts$'
pattern+='|src/rest/shapes/(attribute|concession|media|movie|showtime|theatre)\.ts$|src/rest/paging\.ts$)'
for rev in "${@:-HEAD}"; do
  files=0 lines=0 code=0
  while read -r file; do
    text=$(git show "$rev:$file")
    files=$((files + 1))
    lines=$((lines + $(printf '%s\n' "$text" | wc -l)))
    code=$((code + $(printf '%s\n' "$text" | grep -cvE '^\s*(//|/\*|\*|\*/|$)' || true)))
  done < <(git ls-tree -r --name-only "$rev" | grep -E "$pattern")
  echo "$rev: $files files, $lines lines, $code code lines"
done
