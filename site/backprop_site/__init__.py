"""The MkDocs plugin that turns Backprop Lab's lesson Markdown into interactive pages."""
