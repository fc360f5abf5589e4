@_exported import SparrowCore
