"""The form's widgets only: the cells, the pencil layer, the findings list, dialogs, the layout
and the looks.  Nothing here imports a feature; features add to the form through its API."""
