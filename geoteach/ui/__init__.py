"""ipywidgets front ends: thin layers that call the engines and the renderers."""
