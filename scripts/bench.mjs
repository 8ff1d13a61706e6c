// Placeholder until the performance issue (#6) lands: it says so rather than printing figures.
console.log('npm run bench: the benchmark is not built yet (issue #6). No figures measured.')
