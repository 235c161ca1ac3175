"""The app's screens: set-up, table, privacy, dialogs, help, end."""
