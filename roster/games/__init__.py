"""Games in progress at the table (issue 19, docs/play.md): the stored log of events,
the one writer that appends to it, and the table's views."""
