@_exported import ChatFormGeometry
