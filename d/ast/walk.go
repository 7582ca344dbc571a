package ast

// Visitor's Visit is called for each node Walk meets. If it returns a
// non-nil visitor w, Walk visits the node's children with w and then calls
// w.Visit(nil).
type Visitor interface {
	Visit(node Node) (w Visitor)
}

// Walk traverses the tree rooted at node depth-first, children in source
// order.
func Walk(v Visitor, node Node) {
	if v = v.Visit(node); v == nil {
		return
	}
	switch n := node.(type) {
	case *Program:
		for _, d := range n.Decls {
			Walk(v, d)
		}
	case *ProbeClause:
		for _, d := range n.Descs {
			Walk(v, d)
		}
		walkIf(v, n.Pred)
		for _, s := range n.Body {
			Walk(v, s)
		}
	case *Declaration:
		// Each declarator's Type is built on Base, so Base is reached
		// through them (once per declarator), or directly when the
		// declaration only defines a type.
		if len(n.Vars) == 0 {
			Walk(v, n.Base)
		}
		for _, d := range n.Vars {
			Walk(v, d)
		}
	case *Declarator:
		if n.Name != nil {
			Walk(v, n.Name)
		}
		Walk(v, n.Type)
		walkIf(v, n.BitWidth)
	case *InlineDecl:
		Walk(v, n.Var)
		Walk(v, n.Value)
	case *Translator:
		Walk(v, n.Output)
		Walk(v, n.Input)
		Walk(v, n.Param)
		for _, m := range n.Members {
			Walk(v, m)
		}
	case *XlateMember:
		Walk(v, n.Name)
		Walk(v, n.Value)
	case *ProviderDef:
		Walk(v, n.Name)
		for _, p := range n.Probes {
			Walk(v, p)
		}
	case *ProbeDecl:
		Walk(v, n.Name)
		Walk(v, n.Native)
		if n.Translated != nil {
			Walk(v, n.Translated)
		}

	case *ExprStmt:
		Walk(v, n.X)
	case *IfStmt:
		Walk(v, n.Cond)
		Walk(v, n.Then)
		if n.Else != nil {
			Walk(v, n.Else)
		}
	case *BlockStmt:
		for _, s := range n.List {
			Walk(v, s)
		}

	case *ScopedVar:
		Walk(v, n.Name)
	case *ParenExpr:
		Walk(v, n.X)
	case *UnaryExpr:
		Walk(v, n.X)
	case *PostfixExpr:
		Walk(v, n.X)
	case *BinaryExpr:
		Walk(v, n.X)
		Walk(v, n.Y)
	case *AssignExpr:
		Walk(v, n.Lhs)
		Walk(v, n.Rhs)
	case *CondExpr:
		Walk(v, n.Cond)
		Walk(v, n.X)
		Walk(v, n.Y)
	case *CastExpr:
		Walk(v, n.Type)
		Walk(v, n.X)
	case *SizeofExpr:
		if n.Type != nil {
			Walk(v, n.Type)
		}
		walkIf(v, n.X)
	case *OffsetofExpr:
		Walk(v, n.Type)
		Walk(v, n.Member)
	case *StringofExpr:
		Walk(v, n.X)
	case *XlateExpr:
		Walk(v, n.Type)
		Walk(v, n.X)
	case *CallExpr:
		Walk(v, n.Fun)
		for _, a := range n.Args {
			Walk(v, a)
		}
	case *IndexExpr:
		Walk(v, n.X)
		for _, a := range n.Index {
			Walk(v, a)
		}
	case *SelectorExpr:
		Walk(v, n.X)
		Walk(v, n.Sel)

	case *StructType:
		for _, m := range n.Members {
			Walk(v, m)
		}
	case *EnumType:
		for _, e := range n.Enumerators {
			Walk(v, e)
		}
	case *Enumerator:
		Walk(v, n.Name)
		walkIf(v, n.Value)
	case *QualType:
		Walk(v, n.Type)
	case *PointerType:
		Walk(v, n.Elem)
	case *ArrayType:
		walkIf(v, n.Len)
		for _, k := range n.Keys {
			Walk(v, k)
		}
		Walk(v, n.Elem)
	case *FuncType:
		if n.Result != nil {
			Walk(v, n.Result)
		}
		for _, p := range n.Params {
			Walk(v, p)
		}
	case *Param:
		Walk(v, n.Type)
		if n.Name != nil {
			Walk(v, n.Name)
		}
	}
	v.Visit(nil)
}

// walkIf walks an optional expression.
func walkIf(v Visitor, x Expr) {
	if x != nil {
		Walk(v, x)
	}
}

type inspector func(Node) bool

func (f inspector) Visit(node Node) Visitor {
	if node != nil && f(node) {
		return f
	}
	return nil
}

// Inspect calls f for each node of the tree rooted at node, depth-first;
// when f returns false the node's children are skipped.
func Inspect(node Node, f func(Node) bool) {
	Walk(inspector(f), node)
}
