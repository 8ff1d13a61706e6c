Intl.DateTimeFormat().resolvedOptions()
